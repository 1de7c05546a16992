"""Issue 19 for Nefertiti: the audit questions the text leaves open are assumed params the model is held to; the
findings name the document their quote stands in; the witnesses' figures and the sentences about results follow the
checks' results. Expected values come from the expansion's sentences (quoted) or hand counts (named)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from nilerules.analysis.claims import claim_problems
from nilerules.analysis.findings import _source, rendered
from nilerules.checks import load
from nilerules.checks.model import Budget, CheckResult
from nilerules.checks.nefertiti import characters
from nilerules.checks.nefertiti.checks import with_outcomes
from nilerules.core.codec import dumps
from nilerules.documents import read_document
from nilerules.games import load_game
from nilerules.games.nefertiti.names import GIZEH
from nilerules.games.nefertiti.rules.turn import stall_closes
from nilerules.games.nefertiti.state import NefState
from nilerules.wording import parse_claims
from tests.helpers import spec_with_line_edited

MODULE = load("nefertiti")


GAME = load_game("nefertiti")


SPEC = GAME.spec


def legal_data(players: int, modules: tuple[str, ...], doc: dict[str, Any]) -> set[str]:
    """The legal moves of a written position, as the JSON the claims compare."""
    state = GAME.position(GAME.config(players, modules), doc)
    return {dumps(GAME.action_to_data(a)) for a in GAME.legal_actions(state)}


def check(amb_id: str) -> CheckResult:
    return MODULE.checks[amb_id](GAME, Budget.quick())


def on_written_position(result: CheckResult, amb_id: str, reading: str) -> NefState:
    """A constructed witness's written position, built under one reading (its players and modules from the data),
    after the witness's moves."""
    data = result.verdict.data
    config = GAME.config(data["players"], tuple(data["modules"]), {amb_id: reading})
    state = GAME.position(config, data["position"])
    for raw in data.get("actions", []):
        state = GAME.apply(state, GAME.action_from_data(raw))
    return state


DEADLOCK = {
    "markets": {
        "harbor": {"pawns": [*({"square": sq, "seat": 0} for sq in range(4)), {"square": 4, "seat": 1},
                             {"square": 5, "seat": 1}]},
        "gizeh": {"pawns": [{"square": 0, "seat": 1}, {"square": 1, "seat": 1}]},
    }
}
"""2 players with the Harbor, every Servant placed: seat 0's four on the Harbor, seat 1's on the Harbor and Gizeh;
seat 0 is to place and nobody can."""


def reasons(module: Any, amb_id: str) -> tuple[str, ...]:
    amb = module.game.spec.ambiguities[amb_id]
    return rendered(module.game.spec, amb.reason, module.checks[amb_id](module.game, Budget.quick()).data)


def test_wandering_thief_offers_every_card_tied_for_the_lowest_maximum_value() -> None:
    """Assumed wandering_thief_lowest_tie: a chair and a foreign chair have the same maximum value (“Their maximum
    values are also the same when exchanging”), both lower than a goldwork's; the player may take either."""
    assert SPEC.params["wandering_thief_lowest_tie"].provenance == "assumed"
    doc = {"phase": "character", "character": {"active": "wandering_thief"},
           "markets": {"gizeh": {"cards": ["chair", "chair_f1", "goldwork"]}}}
    legal = legal_data(4, ("characters", "harbor"), doc)
    assert dumps({"target": "gizeh", "card": "chair"}) in legal
    assert dumps({"target": "gizeh", "card": "chair_f1"}) in legal
    assert dumps({"target": "gizeh", "card": "goldwork"}) not in legal


def test_the_findings_that_quote_the_expansion_name_it() -> None:
    """NEF-006, NEF-009 and NEF-010 quote sentences of the expansion (seed 004): the report names that document, not
    the base game's reference, and each quote stands there."""
    expansion = SPEC.seeds[0]
    for amb_id in ("neutral_action_order", "harbor_first_deben", "end_of_game"):
        amb = SPEC.ambiguities[amb_id]
        document, _ = _source(SPEC, amb)
        assert document == expansion, amb.code
        assert SPEC.document(document) == "the Nefertiti expansion rulebook"
        text = read_document(expansion)
        assert " ".join(amb.quote.split()) in " ".join(text.split()), amb.code


def test_nef005_witness_is_an_end_of_game_written_out_and_scored_under_each_reading() -> None:
    """NEF-005 was an exhaustive search labelled as neither a game nor constructed. Its 4-player case is now the end
    of a game: scores 0, 0, 1, 1 before the bonus, the holder (seat 0) tied with seat 1 below the other two. Hand,
    from the card's table 0, 6, 9, 12, 15: tied for 3rd under competition (+9, as the card's example), 2nd under
    dense (+6), 4th under modified (+12); the Deben (none) break no tie (+9)."""
    result = check("amon_priest_ties")
    assert result.constructed and result.verdict.kind == "witness"
    expected = {"competition": 9, "dense": 6, "modified": 12, "deben_tiebreak": 9}
    for reading, bonus in expected.items():
        end = on_written_position(result, "amon_priest_ties", reading)
        assert GAME.score_breakdown(end)[0]["amon_priest"] == bonus
        assert dict(result.outcomes)[reading] == f"seat 0 gains +{bonus}"


def test_nef002_z3_witness_is_written_out_and_played_with_the_royal_scribe() -> None:
    """NEF-002's Z3 witness had no position. Written out: seat 0, the only chair owner, holds a chair and a +1 foreign
    chair and scores the normal chair with the Royal Scribe. Hand: a chair is worth 9 with one owner (the seed's
    Royal Scribe example), +1 for the Royal Scribe, +1 for the held foreign chair under `held`: 11; 10 under
    `scored_only`."""
    result = check("scribe_foreign_bonus")
    assert result.constructed and "position" in result.verdict.data
    assert dict(result.outcomes) == {"held": "11 points", "scored_only": "10 points"}
    for reading, points in (("held", 11), ("scored_only", 10)):
        assert GAME.score_breakdown(on_written_position(result, "scribe_foreign_bonus", reading))[0][
            "during_play"] == points


def test_nef001_showcase_is_written_out_and_each_reading_decides_its_stall() -> None:
    """NEF-001's Z3 table had no position. Its showcase (one Servant and two neutral pawns of one colour) is written
    on Gizeh's right stall: two of the four pawn kinds, so the stall stays open under `listed`; three pawns counted
    as three colours close it under `neutral_pawn_each`."""
    result = check("neutral_three_colors")
    assert result.constructed
    for reading, status in (("listed", False), ("neutral_pawn_each", True)):
        state = on_written_position(result, "neutral_three_colors", reading)
        assert stall_closes(state, GIZEH) is status
        assert dict(result.outcomes)[reading].split(": ")[1].startswith("closes" if status else "open")


def test_nef023_and_nef030_figures_are_recomputed_from_their_logs() -> None:
    """NEF-023's witness is the 4-player setup: 8 + 9 + 9 + 10 = 36 starting Deben + 4 on the market tiles = 40
    against 30 + 8 = 38 coins (hand count, the reference and the expansion's contents); NEF-030's is a seeded game
    played to the end. Each stated outcome is what its log gives replayed under that reading."""
    coins = check("deben_coins")
    assert coins.figures is not None and coins.witness_log is not None
    stated = "4 players: 40 Deben needed against 38 coins: the setup cannot be laid out"
    assert coins.figures("one_deben_each") == stated
    for result in (coins, check("amon_priest_neutral")):
        assert result.figures is not None
        assert [(r, result.figures(r)) for r, _ in result.outcomes] == list(result.outcomes)


def test_a_witness_whose_stated_figure_is_not_its_replay_is_caught() -> None:
    """The broken case: NEF-023's outcome for `one_deben_each` typed with another count no longer equals what its log
    gives, which is what the witness-figure test compares."""
    coins = check("deben_coins")
    broken = dataclasses.replace(coins, outcomes=(("one_deben_each", "4 players: 39 Deben needed"),))
    assert coins.figures is not None
    assert [r for r, o in broken.outcomes if coins.figures(r) != o] == ["one_deben_each"]


def test_nef011s_old_wording_is_a_rule_the_model_does_not_follow_and_its_claim_finds_it() -> None:
    """The bundled NEF-011 wording said “you skip your Servant placement. The Harbor is never closed.” with no
    exception; when nobody can place (DEADLOCK) the model distributes the Harbor instead of skipping. The old words,
    given their claim there, fail it; the new wording says so and its claims hold."""
    amb = SPEC.ambiguities["forced_close_harbor"]
    old = dataclasses.replace(
        amb,
        wording="If all your placed Servants stand on the Memphis Harbor, you skip your Servant placement. The Harbor "
                "is never closed.",
        claims=parse_claims([{"says": "you skip your Servant placement", "at": "position", "players": 2,
                              "modules": ["harbor"], "position": DEADLOCK,
                              "expect": {"legal": ["skip_placement"], "not_legal": [{"close": "harbor"}]}}],
                            "claims", lambda k, w: None),
    )
    assert claim_problems(GAME, old, old.claims[0], None) == [
        'NEF-011 “you skip your Servant placement”: "skip_placement" is not a legal move there',
        'NEF-011 “you skip your Servant placement”: {"close":"harbor"} is a legal move there',
    ]
    assert [p for c in amb.claims for p in claim_problems(GAME, amb, c, None)] == []
    assert any(c.position == DEADLOCK for c in amb.claims)


def test_nef023s_sentence_about_the_coins_follows_an_edited_coin_count(tmp_path: Path) -> None:
    """Bundled: 30 + 8 = 38 coins against 40 Deben at 4 players (hand count above), so the sentence names them. With
    60 base coins every setup (at most 47 Deben) is covered: the sentence that says the coins are fewer is left out,
    and the outcome sentence says the setup can be laid out."""
    bundled = " ".join(reasons(MODULE, "deben_coins"))
    assert "the 38 coins of the base game and the expansion are fewer" in bundled
    assert "4 players: 40 Deben" in bundled
    path = spec_with_line_edited(
        tmp_path, "nefertiti", r"^value = \{ base = 30, expansion = 8 \}$", "value = { base = 60, expansion = 8 }"
    )
    edited = " ".join(reasons(load("nefertiti", path), "deben_coins"))
    assert "are fewer" not in edited
    assert "the setup can be laid out" in edited


def test_nef001s_proof_sentence_is_there_only_with_the_proof() -> None:
    """The sentence that says Z3 proves the listed patterns equal to four kinds of pawn is rendered from the proof's
    figure: without it (a result where Z3 gave no proof) the sentence is left out."""
    result = MODULE.checks["neutral_three_colors"](GAME, Budget.quick())
    amb = SPEC.ambiguities["neutral_three_colors"]
    assert rendered(SPEC, amb.reason, result.data)[0].startswith("Z3 proves, for any pawn counts, that")
    without = {k: v for k, v in result.data.items() if k != "four_kinds_proof"}
    assert not any("Z3" in s for s in rendered(SPEC, amb.reason, without))


def test_nef002s_outcome_sentence_follows_an_edited_royal_scribe_bonus(tmp_path: Path) -> None:
    """royal_scribe_bonus 1 -> 3. Hand: the chair scored (9, one owner) + 3 + the held foreign chair's 1 = 13 under
    `held`, 12 under `scored_only` (was 11 and 10)."""
    path = spec_with_line_edited(
        tmp_path, "nefertiti", r"^(\[params\.royal_scribe_bonus\]\ntype = \"int\"\nmin = -100\nmax = 100\n)value = 1$",
        r"\1value = 3",
    )
    module = load("nefertiti", path)
    scribe = with_outcomes(characters.check_scribe_foreign_bonus)
    amb = module.game.spec.ambiguities["scribe_foreign_bonus"]
    text = " ".join(rendered(module.game.spec, amb.reason, scribe(module.game, Budget.quick()).data))
    assert "13 points under `held`, against 12 points under `scored_only`" in text


def test_a_trader_exchange_the_player_cannot_pay_for_is_not_offered() -> None:
    """Assumed trader_cannot_pay (was an audit 'clear' that decided the question by the model's own reading): a chair
    (maximum 9) for a necklace (maximum 12) costs 12 - 9 = 3 Deben (hand, from gift_values); with 2 Deben the
    exchange is not offered, with 3 it is. The Deben not held lie on Gizeh's tile (Deben are conserved)."""
    assert SPEC.params["trader_cannot_pay"].provenance == "assumed"
    start = GAME.position(GAME.config(4, ("characters",)), {})
    total = sum(start.deben) + sum(m.deben for m in start.markets)

    def legal_with(deben: int) -> set[str]:
        seats = {"0": {"deben": deben, "hand": {"chair": 1}}, "1": {"deben": 0}, "2": {"deben": 0}, "3": {"deben": 0}}
        rest = total - deben - sum(m.deben for m in start.markets)
        doc = {"phase": "character", "character": {"active": "trader", "trader_exchanges": 0}, "seats": seats,
               "markets": {"akhet_aton": {"cards": ["necklace"], "deben": start.markets[2].deben + rest}}}
        return legal_data(4, ("characters",), doc)

    swap = dumps({"swap": "chair", "market": "akhet_aton", "card": "necklace"})
    assert swap not in legal_with(2)
    assert swap in legal_with(3)
