"""Every checker is tested against a deliberately broken game: each seeded bug must be caught."""

from __future__ import annotations

import pytest

from nilerules.analysis.detectors import run_detectors
from nilerules.testing import every_config, run_conformance
from nilerules.testing.conformance import ConformanceError, check_game
from tests.toys import broken
from tests.toys.nim import make_game


def test_the_correct_toy_passes_the_whole_suite() -> None:
    """The unbroken toy conforms, so a failure below is the seeded bug and nothing else."""
    game = make_game()
    assert run_conformance(game, every_config(game), range(8)) == []


@pytest.mark.parametrize(
    ("cls", "clause"),
    [
        (broken.MutatesInput, "mutated its input"),
        (broken.DuplicateActions, "duplicates"),
        (broken.BadChance, "sum to 1"),
        (broken.NeverEnds, "declared maximum"),
        (broken.AcceptsIllegal, "apply accepted"),
        (broken.AcceptsForeignTake, "apply accepted Take(stones=2)"),
        (broken.BreaksInvariant, "invariant violated"),
        (broken.NondeterministicOrder, "not deterministic"),
        (broken.Stuck, "stuck"),
    ],
)
def test_conformance_catches_seeded_bug(cls: type, clause: str) -> None:
    """The conformance suite reports the clause each broken toy violates."""
    game = cls(make_game().spec)
    messages = []
    for seed in range(10):
        try:
            check_game(game, game.config(2), seed)
        except ConformanceError as exc:
            messages.append(str(exc))
    assert any(clause in m for m in messages), messages


def test_only_the_probes_of_moves_from_other_states_catch_a_foreign_move() -> None:
    """Without the probes, the toy that accepts a move legal elsewhere (two stones from a pile of one) plays through
    every clause: the probes are what catch it."""
    game = broken.AcceptsForeignTake(make_game().spec)
    for seed in range(10):
        check_game(game, game.config(2), seed, probes=0)


@pytest.mark.parametrize(
    ("cls", "detector"),
    [
        (broken.Stuck, "stuck"),
        (broken.NeverEnds, "non_termination"),
        (broken.AlwaysTied, "open_tie"),
        (broken.RunsOutOfStones, "supply_exhaustion"),
    ],
)
def test_hole_detector_catches_seeded_bug(cls: type, detector: str) -> None:
    """Each generic hole detector returns a witness on the toy built to have that hole."""
    game = cls(make_game().spec)
    results = {h.detector: h for h in run_detectors(game, [game.config(2, ["bonus"])], range(6))}
    assert results[detector].verdict.kind == "witness"
    assert results[detector].hits > 0


def test_hole_detectors_are_silent_on_the_correct_toy_except_real_ties() -> None:
    """On the unbroken toy no stuck state, no endless game, no supply problem is reported (only unknown)."""
    game = make_game()
    results = {h.detector: h for h in run_detectors(game, every_config(game), range(6))}
    assert [results[d].verdict.kind for d in ("stuck", "non_termination", "supply_exhaustion")] == ["unknown"] * 3
