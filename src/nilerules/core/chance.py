"""Helpers for chance nodes: a shuffled pile is a multiset, and each draw's outcomes are the kinds left."""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Final, TypeVar

A = TypeVar("A")
_RANDOM: Final = random.Random
_GETRANDBITS: Final[Any] = random.Random.getrandbits
"""The generator's own ``getrandbits`` (``random.Random`` inherits it from ``_random.Random``, C code)."""


def draw_outcomes(counts: Sequence[int], make: Sequence[A]) -> tuple[tuple[A, Fraction], ...]:
    """Outcomes of drawing one item from a multiset: ``make[k]`` with probability ``counts[k] / total``."""
    total = sum(counts)
    if total <= 0:
        return ()
    return tuple((make[k], Fraction(c, total)) for k, c in enumerate(counts) if c > 0)


def sample(outcomes: Sequence[tuple[A, Fraction]], rng: random.Random) -> A:
    """Pick one outcome with its exact probability, using only integer arithmetic on the generator."""
    if not outcomes:
        raise ValueError("no chance outcomes to sample")
    denominator = 1
    for _, p in outcomes:
        denominator = denominator * p.denominator // _gcd(denominator, p.denominator)
    weights = [int(p * denominator) for _, p in outcomes]
    pick = rng.randrange(sum(weights))
    for (outcome, _), weight in zip(outcomes, weights, strict=True):
        if pick < weight:
            return outcome
        pick -= weight
    raise AssertionError("unreachable: weights sum to the range")  # pragma: no cover


def sample_index(counts: Sequence[int], rng: random.Random) -> int:
    """A fast path for drawing from a multiset: index ``k`` with probability ``counts[k] / sum(counts)``.

    It has the distribution of ``sample(draw_outcomes(counts, ...))`` but not the same draw for the same generator
    state (``sample`` works with reduced fractions), so a game must use one or the other consistently.
    """
    pick = random_index(rng, sum(counts))
    for k, c in enumerate(counts):
        if pick < c:
            return k
        pick -= c
    raise AssertionError("unreachable: counts sum to the range")  # pragma: no cover


def random_index(rng: random.Random, n: int) -> int:
    """A uniform index below ``n`` (> 0; ``ValueError`` otherwise), drawn exactly as ``rng.randrange(n)`` and
    ``rng.choice`` (of a sequence of length ``n``) draw it: ``getrandbits`` of ``n.bit_length()`` bits until the
    value is below ``n``.

    The standard library's versions are Python code; this one is compiled with the rest of the hot path, and seeded
    games are the same with either (tests/core/test_kernel.py pins the equivalence against the standard library).
    """
    if n <= 0:  # getrandbits(0) is always 0, so the loop below would never end
        raise ValueError(f"nothing to draw from: random_index needs n > 0, got {n}")
    k = n.bit_length()
    if type(rng) is _RANDOM:  # its own getrandbits, called without looking the method up on the instance each time
        drawn: int = _GETRANDBITS(rng, k)
        while drawn >= n:
            drawn = _GETRANDBITS(rng, k)
        return drawn
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def randrange(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)``: the same number, from the same generator state, with the same errors. For a plain
    ``random.Random`` it is ``random_index`` (compiled: ``Random.randrange`` is Python code, costly from the compiled
    rules: docs/hot-paths.md); any other generator (a subclass, the tests' enumerating ones) is
    asked itself."""
    if type(rng) is not _RANDOM or n <= 0:
        return rng.randrange(n)
    return random_index(rng, n)


def choice(rng: random.Random, seq: Sequence[A]) -> A:
    """``rng.choice(seq)``: the same element, from the same generator state, with the same errors; compiled for a
    plain ``random.Random`` (``Random.choice`` and the ``_randbelow`` it calls are Python code), any other generator
    is asked itself."""
    if type(rng) is not _RANDOM or not seq:
        return rng.choice(seq)
    return seq[random_index(rng, len(seq))]


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a
