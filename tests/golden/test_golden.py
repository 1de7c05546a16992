"""Golden playthroughs: one seeded whole game per file of tests/golden/, replayed from its log.

A golden file pins a whole game: every action (chance outcomes included), the final state's digest (``replay``
compares it), and the figures listed for its game below (scores, ranking, ...). Its expected values are the recorded
output of the seeded game, not a hand calculation: the test guards against unintended change.

Regenerate, only when the rules change on purpose (with the game's ``GameInfo.version`` bumped in the same commit),
with one command for every game: ``nox -s golden -- --regen`` (or ``pytest tests/golden --regen``), then read the
diff. The older logs beside them (``*_v2``, ``*_v3``, ...) are never regenerated: the codec tests of each game read
them (tests/games/<game>/).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from nilerules.core.codec import dumps
from nilerules.core.log import log_from_json, log_to_json, replay
from nilerules.core.playout import playout, playout_log
from nilerules.games import load_game

pytestmark = pytest.mark.differential  # compiled against pure: nox -s compiled runs it too

HERE = Path(__file__).resolve().parent


def _canonical(payload: dict[str, Any]) -> str:
    """The file text of Ra's and Nile Artefacts' golden games: canonical JSON (``codec.dumps``), one line."""
    return dumps(payload) + "\n"


def _indented(payload: dict[str, Any]) -> str:
    """The file text of Sobek's and Nefertiti's golden games: JSON indented by one, keys sorted."""
    return json.dumps(payload, indent=1, sort_keys=True) + "\n"


@dataclass(frozen=True)
class Golden:
    """One golden game: what is played, what the file records beside the log, and how the file is written."""

    file: str
    game_id: str
    players: int
    modules: tuple[str, ...]
    seed: int
    policy: str
    note: tuple[str, str]
    """The key and text of the file's sentence about itself."""
    figures: Callable[[Any, Any], dict[str, Any]]
    """The figures recorded beside the log: ``figures(game, final_state)``."""
    text: Callable[[dict[str, Any]], str]
    log_as_text: bool = False
    """Whether the log is stored as its JSON text (a string) rather than as a JSON object."""

    def played(self, spec_digest: str | None = None) -> str:
        """The file's text for the game its seed plays today; with ``spec_digest``, the log records that digest of
        the spec instead of today's (a spec's text changes without its rules: quotes, notes)."""
        game = load_game(self.game_id)
        result = playout(game, game.config(self.players, self.modules), self.seed, self.policy)
        log = json.loads(log_to_json(playout_log(game, result)))
        if spec_digest is not None:
            log["spec_digest"] = spec_digest
        written: Any = dumps(log) if self.log_as_text else log  # log_to_json's text is dumps of the same object
        return self.text({self.note[0]: self.note[1], "log": written, **self.figures(game, result.final)})

    def recorded_spec_digest(self, data: dict[str, Any]) -> str:
        log = json.loads(data["log"]) if self.log_as_text else data["log"]
        digest: str = log["spec_digest"]
        return digest


def _ranking(game: Any, final: Any) -> list[list[int]]:
    return [list(group) for group in game.ranking(final).places]


GOLDEN = (
    Golden(
        "ra_3p_traders.json", "ra", 3, ("traders",), 2026, "greedy",
        ("about", "Seeded 3-player Ra with Traders, greedy policy, seed 2026; regenerated only on purpose."),
        lambda game, final: {
            "scores": list(final.score),
            "ranking": _ranking(game, final),
            "events": len(final.events),
            "trader_claims_epoch_points": sum(e.points for e in final.events if e.category in ("traders", "crates")),
        },
        _canonical,
    ),
    Golden(
        "nile_artefacts_4p.json", "nile_artefacts", 4, (), 2026, "greedy",
        ("about", "Seeded 4-player Nile Artefacts, default readings, greedy policy, seed 2026; regenerated only on "
         "purpose."),
        lambda game, final: {
            "scores": list(final.scores),
            "rounds": final.round,
            "ranking": _ranking(game, final),
            "diagnostics": sorted({d.kind for d in game.diagnostics(final)}),
        },
        _canonical,
    ),
    Golden(
        "sobek_3p_seed7.json", "sobek", 3, (), 7, "greedy",
        ("note", "seeded greedy 3-player Sobek game, seed 7; regenerated only on purpose"),
        lambda game, final: {"scores": list(final.scores), "places": _ranking(game, final)},
        _indented,
    ),
    Golden(
        "nefertiti_2p_harbor.json", "nefertiti", 2, ("harbor", "characters"), 11, "random",
        ("note", "golden playthrough; regenerate only on purpose (rules version change)"),
        lambda game, final: {"scores": list(game.scores(final))},
        _indented,
        log_as_text=True,
    ),
    Golden(
        "nefertiti_5p.json", "nefertiti", 5, ("harbor", "characters"), 12, "random",
        ("note", "golden playthrough; regenerate only on purpose (rules version change)"),
        lambda game, final: {"scores": list(game.scores(final))},
        _indented,
        log_as_text=True,
    ),
)

RULES = {
    "ra": ("ra.traders.scoring.points", "ra.base.three_epochs_play"),
    "nile_artefacts": ("nile_artefacts.round.stages", "nile_artefacts.end.winner"),
    "sobek": ("sobek.game_end.rounds",),
    "nefertiti": (),
}
"""The rule ids a whole game pins (``rules`` marker), per game."""

CASES = [pytest.param(g, id=g.file.removesuffix(".json"), marks=pytest.mark.rules(*RULES[g.game_id])) for g in GOLDEN]


@pytest.fixture
def regen(request: pytest.FixtureRequest) -> bool:
    """Whether this run rewrites the golden files (``--regen``)."""
    return bool(request.config.getoption("--regen"))


@pytest.mark.parametrize("golden", CASES)
def test_golden_game_replays_to_the_recorded_end(golden: Golden, regen: bool) -> None:
    """The logged game replays action by action to the logged final state (its digest), and the final state gives
    the recorded figures; the invariants hold there. The spec's digest is not compared: editing a quote or a
    provenance note must not break a golden game; a change of rules or data shows as an illegal step or a different
    final digest."""
    path = HERE / golden.file
    if regen:
        path.write_text(golden.played(), encoding="ascii")
    data = json.loads(path.read_text(encoding="ascii"))
    game = load_game(golden.game_id)
    log = log_from_json(data["log"] if golden.log_as_text else dumps(data["log"]))
    final = replay(game, log, check_spec=False)
    figures = golden.figures(game, final)
    assert figures == {key: data[key] for key in figures}
    assert game.invariants(final) == ()


@pytest.mark.parametrize("golden", CASES)
def test_golden_game_is_still_what_its_seed_plays(golden: Golden) -> None:
    """Playing the seed again writes the golden file byte for byte (determinism of setup, rules, sampling and the
    log's written form): what ``--regen`` would write is what is there, but for the spec's digest, which changes
    with any edit of the spec's text (the recorded one is kept for the comparison)."""
    text = (HERE / golden.file).read_text(encoding="ascii")
    assert golden.played(golden.recorded_spec_digest(json.loads(text))) == text
