"""Issue 19 for Nefertiti: the audit questions the text leaves open are assumed params the model is held to; the
findings name the document their quote stands in; the witnesses' figures and the sentences about results follow the
checks' results. Expected values come from the expansion's sentences (quoted) or hand counts (named)."""

from __future__ import annotations

from typing import Any

from nilerules.analysis.findings import _source
from nilerules.checks import load
from nilerules.core.codec import dumps
from tests.helpers import SEEDS

MODULE = load("nefertiti")
GAME = MODULE.game
SPEC = GAME.spec


def legal_data(players: int, modules: tuple[str, ...], doc: dict[str, Any]) -> set[str]:
    """The legal moves of a written position, as the JSON the claims compare."""
    state = GAME.position(GAME.config(players, modules), doc)
    return {dumps(GAME.action_to_data(a)) for a in GAME.legal_actions(state)}


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


def test_a_wandering_thief_card_with_nothing_to_exchange_with_is_not_offered() -> None:
    """Assumed wandering_thief_no_exchange: Gizeh closes holding the Wandering Thief card and a harp, and no other
    market holds a Gift card; the bidder may take the harp, not the Wandering Thief card. With a chair at Akhet-Aton
    the card is offered (it “must exchange it with the Gift card of lowest maximum value in one of the other three
    markets”)."""
    assert SPEC.params["wandering_thief_no_exchange"].provenance == "assumed"
    bid = GAME.params(GAME.config(3)).stalls[0][0].squares[0]
    doc: dict[str, Any] = {
        "phase": "resolve",
        "markets": {"gizeh": {"cards": ["wandering_thief", "harp"]}},
        "resolution": {"market": "gizeh", "bidders": [{"bid": bid, "seat": 1, "highest": True}], "taken": 0},
    }
    alone = legal_data(3, (), doc)
    assert dumps({"take": "harp"}) in alone and dumps({"take": "wandering_thief"}) not in alone
    doc["markets"]["akhet_aton"] = {"cards": ["chair"]}
    assert dumps({"take": "wandering_thief"}) in legal_data(3, (), doc)


def test_players_tied_on_prestige_and_deben_share_first_place() -> None:
    """Assumed final_tie: two seats end with the same hands and the same Deben (hand: equal scores), so both are
    first; one more Deben for seat 1 breaks the tie (“ties go to the player with the most Deben left”)."""
    assert SPEC.params["final_tie"].provenance == "assumed"
    start = GAME.position(GAME.config(3), {"phase": "over"})
    total = sum(start.deben) + sum(m.deben for m in start.markets)
    seats = {"0": {"deben": 5}, "1": {"deben": 5}, "2": {"deben": 0}}
    # the Deben not in the seats' hands lie on Gizeh's tile (Deben are conserved)
    gizeh = {"deben": start.markets[0].deben + total - 10 - sum(m.deben for m in start.markets)}
    end = GAME.position(GAME.config(3), {"phase": "over", "seats": seats, "markets": {"gizeh": gizeh}})
    assert sorted(GAME.ranking(end).winners) == [0, 1]
    seats["1"]["deben"], gizeh["deben"] = 6, gizeh["deben"] - 1
    end = GAME.position(GAME.config(3), {"phase": "over", "seats": seats, "markets": {"gizeh": gizeh}})
    assert sorted(GAME.ranking(end).winners) == [1]


def test_the_findings_that_quote_the_expansion_name_it() -> None:
    """NEF-006, NEF-009 and NEF-010 quote sentences of the expansion (seed 004): the report names that document, not
    the base game's reference, and each quote stands there."""
    expansion = SPEC.seeds[0]
    for amb_id in ("neutral_action_order", "harbor_first_deben", "end_of_game"):
        amb = SPEC.ambiguities[amb_id]
        document, _ = _source(SPEC, amb)
        assert document == expansion, amb.code
        assert SPEC.document(document) == "the Nefertiti expansion rulebook"
        text = (SEEDS / expansion).read_text(encoding="utf-8")
        assert " ".join(amb.quote.split()) in " ".join(text.split()), amb.code
