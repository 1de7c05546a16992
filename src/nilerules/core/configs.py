"""Which configs and reading combinations a run covers: every player count and module set, and a covering array of
readings (every pair of readings of two ambiguities together at least once).

Used by the analysis layer (the report's impact measurement, explore) and re-exported by the public test kit
(``nilerules.testing``); it lives in core so that neither the analysis layer nor the game packages, which the mypyc
build type-checks, import the test kit and its dependency on Hypothesis.
"""

from __future__ import annotations

from typing import Any

from nilerules.core.game import Game
from nilerules.core.types import Config


def every_config(game: Game[Any, Any]) -> tuple[Config, ...]:
    """Every player count with no optional module and with all of them, and each module alone once.

    Linear in the number of modules (every subset would grow exponentially); readings take their defaults.
    """
    modules = game.info.modules
    counts = game.info.player_counts
    wanted: list[tuple[int, tuple[str, ...]]] = [(p, ()) for p in counts] + [(p, modules) for p in counts]
    wanted += [(counts[i % len(counts)], (m,)) for i, m in enumerate(modules)]
    out: list[Config] = []
    for players, subset in wanted:
        config = game.config(players, subset)
        if config not in out:
            out.append(config)
    return tuple(out)


def covering_readings(game: Game[Any, Any]) -> tuple[dict[str, str], ...]:
    """Reading combinations in which every pair of readings (of two ambiguities) appears together at least once.

    With at most one ambiguity this is every reading (the full product of all readings grows too fast to play).
    """
    ambs = sorted(game.spec.ambiguities.items())
    if not ambs:
        return ({},)
    names = [a for a, _ in ambs]
    options = {a: amb.reading_names() for a, amb in ambs}
    needed = {
        (a, ra, b, rb)
        for i, a in enumerate(names)
        for b in names[i + 1 :]
        for ra in options[a]
        for rb in options[b]
    }
    singles = {(a, r) for a in names for r in options[a]}
    rows: list[dict[str, str]] = []
    while needed or singles:
        row: dict[str, str] = {}
        if needed:
            a0, r0, b0, s0 = min(needed)
            row[a0], row[b0] = r0, s0
        else:
            a0, r0 = min(singles)
            row[a0] = r0
        for a in names:
            if a in row:
                continue
            row[a] = max(
                options[a],
                key=lambda r: (
                    sum(1 for b, rb in row.items() if (b, rb, a, r) in needed or (a, r, b, rb) in needed)
                    + (1 if (a, r) in singles else 0),
                    -options[a].index(r),
                ),
            )
        ordered = {a: row[a] for a in names}
        needed -= {(a, ordered[a], b, ordered[b]) for i, a in enumerate(names) for b in names[i + 1 :]}
        singles -= {(a, ordered[a]) for a in names}
        rows.append(ordered)
    return tuple(rows)
