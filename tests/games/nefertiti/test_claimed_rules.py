"""Nefertiti rules that the findings' claims rest on (issue 19): the Wandering Thief's and the Trader's offers, ties on
prestige and Deben, the wordings' placement.

Expected values come from the expansion's sentences (quoted) or hand counts (named).
"""

from __future__ import annotations

import re
from typing import Any

from nilerules.core.codec import dumps
from nilerules.games import load_game

GAME = load_game("nefertiti")

SPEC = GAME.spec


def legal_data(players: int, modules: tuple[str, ...], doc: dict[str, Any]) -> set[str]:
    """The legal moves of a written position, as the JSON the claims compare."""
    state = GAME.position(GAME.config(players, modules), doc)
    return {dumps(GAME.action_to_data(a)) for a in GAME.legal_actions(state)}


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


def test_every_nefertiti_wording_says_where_it_goes_and_types_no_result() -> None:
    """Each finding has a placement, and no reason says what a check found in typed words ('the check shows')."""
    for amb in SPEC.ambiguities.values():
        assert amb.placement, amb.code
        for text in (amb.wording, amb.placement, *amb.reason):
            assert not re.search(r"\bthe check (shows|finds|lists|gives)\b|\bZ3 prove", text), (amb.code, text)
