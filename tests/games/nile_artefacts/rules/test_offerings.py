"""Offerings and offering conditions of Nile Artefacts (expected values from seed 001 and hand calculation)."""

from __future__ import annotations

from typing import Any

import pytest

from nilerules.errors import IllegalAction
from nilerules.games.nile_artefacts.actions import Buy, Done, Offer
from nilerules.games.nile_artefacts.names import parse_condition
from nilerules.games.nile_artefacts.rules.conditions import meets, meets_some_choice, type_options
from nilerules.games.nile_artefacts.situations import kind_of, monuments_for, offering_position
from nilerules.games.nile_artefacts.state import PH_OFFER, NAState
from tests.games.nile_artefacts.positions import ANKH, BIRD, CAT, DESERT, EYE, FIELDS, FIGURE, NILE, STATUE, game


def kinds_of(*cards: tuple[tuple[int, ...], int]) -> list[int]:
    """Distinct card kinds with these (types, region), taking a further copy when one repeats."""
    p = game().params(game().config(2))
    out: list[int] = []
    for types, region in cards:
        k = next(
            k
            for k in range(len(p.card_types))
            if p.card_types[k] == types
            and p.card_region[k] == region
            and out.count(k) < p.card_count[k]
            and k not in out
        )
        out.append(k)
    return out


def offer_state(
    hands: list[list[int]],
    conds: list[str],
    readings: dict[str, str] | None = None,
    extra: dict[str, Any] | None = None,
) -> NAState:
    """Seat 0 to offer, written in the position format: the visible Monuments are Monuments of the spec's data on
    which every seat stands at the level whose condition is the next one in ``conds``."""
    g = game()
    targets = monuments_for(g.params(g.config(len(hands))), conds)
    levels = [level for _, level in targets]
    seats = {str(seat): {"levels": levels} for seat in range(1, len(hands))}
    return offering_position(g, readings or {}, hands, targets, {**seats, **(extra or {})})


def moved(start: tuple[tuple[int, ...], ...], after: NAState, seat: int) -> list[int]:
    """Levels gained by ``seat`` on each visible Monument since ``start``."""
    return [row[seat] - before[seat] for before, row in zip(start, after.levels, strict=True)]


def counts(*types: int) -> list[int]:
    c = [0] * 6
    for t in types:
        c[t] += 1
    return c


def regions(*rs: int) -> list[int]:
    c = [0] * 3
    for r in rs:
        c[r] += 1
    return c


# ------------------------------------------------------------------------------------------------ conditions
@pytest.mark.rules("nile_artefacts.conditions.type", "nile_artefacts.conditions.header")
def test_type_condition_needs_two_artifacts_of_the_type() -> None:
    """Seed table: '2 Artifacts of the indicated type' (at least)."""
    cond = parse_condition("type:bird")
    assert meets(cond, counts(BIRD, BIRD), regions(), False)
    assert meets(cond, counts(BIRD, BIRD, BIRD, EYE), regions(), False)
    assert not meets(cond, counts(BIRD, EYE), regions(), False)


@pytest.mark.rules("nile_artefacts.conditions.pair")
def test_pair_condition_counts_both_types_and_the_reading_decides_if_one_type_is_enough() -> None:
    """Seed: 'N Artifacts matching the 2 indicated types (you may mix both types)'; NA-004 both_types needs each."""
    cond = parse_condition("pair:3:ankh+eye")
    assert meets(cond, counts(ANKH, EYE, EYE), regions(), False)
    assert meets(cond, counts(EYE, EYE, EYE), regions(), False)
    assert not meets(cond, counts(EYE, EYE, EYE), regions(), True)
    assert meets(cond, counts(ANKH, EYE, EYE), regions(), True)
    assert not meets(cond, counts(ANKH, EYE, CAT), regions(), False)


@pytest.mark.rules("nile_artefacts.conditions.same")
def test_same_condition_needs_n_of_one_type() -> None:
    """Seed: '2/3/4 Artifacts of the same type'."""
    cond = parse_condition("same:3")
    assert meets(cond, counts(CAT, CAT, CAT), regions(), False)
    assert not meets(cond, counts(CAT, CAT, EYE, EYE), regions(), False)


@pytest.mark.rules("nile_artefacts.conditions.different")
def test_different_condition_needs_n_distinct_types() -> None:
    """Seed: '2/3/4 Artifacts of different types'."""
    cond = parse_condition("diff:4")
    assert meets(cond, counts(EYE, CAT, BIRD, ANKH), regions(), False)
    assert not meets(cond, counts(EYE, CAT, BIRD, BIRD, BIRD), regions(), False)


@pytest.mark.rules("nile_artefacts.conditions.region")
def test_region_condition_needs_two_cards_of_the_region() -> None:
    """Seed: '2 Artifact cards from the indicated region'."""
    cond = parse_condition("region:desert")
    assert meets(cond, counts(), regions(DESERT, DESERT), False)
    assert not meets(cond, counts(), regions(DESERT, NILE, FIELDS), False)


@pytest.mark.rules("nile_artefacts.conditions.each_region")
def test_each_region_condition_needs_one_card_of_every_listed_region() -> None:
    """Seed: '1 Artifact card from each of the indicated regions' (two or three regions)."""
    assert meets(parse_condition("each:nile+fields"), counts(), regions(NILE, FIELDS), False)
    assert not meets(parse_condition("each:nile+desert+fields"), counts(), regions(NILE, FIELDS, FIELDS), False)
    assert meets(parse_condition("each:nile+desert+fields"), counts(), regions(NILE, DESERT, FIELDS), False)


@pytest.mark.rules("nile_artefacts.conditions.two_plus_one")
def test_two_plus_one_condition_needs_three_cards_from_the_two_regions_with_each_present() -> None:
    """Seed: one from each of the 2 regions and a third from one of them."""
    cond = parse_condition("two_plus:nile+desert")
    assert meets(cond, counts(), regions(NILE, NILE, DESERT), False)
    assert meets(cond, counts(), regions(NILE, DESERT, DESERT), False)
    assert not meets(cond, counts(), regions(NILE, NILE, NILE), False)
    assert not meets(cond, counts(), regions(NILE, DESERT, FIELDS), False)


@pytest.mark.rules("nile_artefacts.offerings.choose_type", "nile_artefacts.conditions.double_cards")
def test_type_options_follow_the_readings() -> None:
    """NA-001/NA-003 by hand: a cat card counts as any of 6 types or only as cat; an eye+figure card as 2 Artifacts."""
    assert type_options((CAT,), "any_type", "two_same") == tuple((t,) for t in range(6))
    assert type_options((CAT,), "shown_type", "two_same") == ((CAT,),)
    assert type_options((EYE, FIGURE), "shown_type", "two_same") == ((EYE, EYE), (FIGURE, FIGURE))
    assert type_options((EYE, FIGURE), "shown_type", "two_each") == ((EYE, FIGURE),)
    assert type_options((EYE, FIGURE), "shown_type", "one") == ((EYE,), (FIGURE,))
    assert len(type_options((EYE, FIGURE), "any_type", "two_each")) == 21


@pytest.mark.rules("nile_artefacts.conditions.double_cards")
def test_a_two_artifact_card_counts_as_one_card_for_the_green_region() -> None:
    """Seed note: a 2-Artifact green card counts as 1 card for the green region symbol: one such card and one more
    green card meet 'region:fields', the double card alone does not."""
    p = game().params(game().config(2))
    double = kind_of(p, (EYE, FIGURE), FIELDS)
    opts = [type_options(p.card_types[double], "any_type", "two_same")]
    assert not meets_some_choice(parse_condition("region:fields"), opts, [FIELDS], False)
    assert meets_some_choice(parse_condition("same:2"), opts, [FIELDS], False)
    assert meets_some_choice(parse_condition("region:fields"), opts * 2, [FIELDS, FIELDS], False)


# ------------------------------------------------------------------------------------------------ the offering phase
@pytest.mark.rules("nile_artefacts.example.offering_phase", "nile_artefacts.offerings.check_monuments")
def test_seed_example_two_players_each_move_up_on_three_monuments_and_red_keeps_a_card() -> None:
    """Seed 'Example Offering Phase': red plays 3 of 4 cards, black plays 4; each moves up on 3 Monuments.
    The Monuments are hand-chosen so that those offerings meet exactly 3 conditions each (hand calculation)."""
    cards = kinds_of(
        ((EYE,), NILE), ((EYE,), NILE), ((EYE,), DESERT), ((CAT,), FIELDS),
        ((CAT,), FIELDS), ((BIRD,), FIELDS), ((ANKH,), NILE), ((STATUE,), DESERT),
    )  # fmt: skip
    red, black = cards[:4], cards[4:]
    # a third seat still to offer, so that the levels are seen before the rewards (diff:4 is a top level)
    s = offer_state([red, black, []], ["same:2", "each:nile+desert", "region:nile", "diff:4", "region:fields"])
    start = s.levels
    for k in red[:3]:
        s = game().apply(s, Offer(k, (EYE,)))
    s = game().apply(s, Done())
    assert moved(start, s, 0) == [1, 1, 1, 0, 0]
    for k, t in zip(black, (CAT, BIRD, ANKH, STATUE), strict=True):
        s = game().apply(s, Offer(k, (t,)))
    before = s
    s = game().apply(s, Done())
    assert moved(start, s, 1) == [0, 1, 0, 1, 1]
    assert before.phase == PH_OFFER
    assert s.hands[0] == (red[3],)


@pytest.mark.rules("nile_artefacts.offerings.one_level")
def test_an_offering_moves_up_one_level_even_if_it_meets_the_next_levels_too() -> None:
    """Monument same:2 / same:3 / same:4 with four eyes offered: level 0 -> 1 only (seed: one level per phase)."""
    hand = kinds_of(((EYE,), NILE), ((EYE,), NILE), ((EYE,), DESERT), ((EYE,), DESERT))
    s = offer_state([hand, []], ["same:2"])
    assert game().position_data(s)["monuments"] == ["same:2|same:3|same:4"]
    for k in hand:
        s = game().apply(s, Offer(k, (EYE,)))
    s = game().apply(s, Done())
    assert s.levels[0][0] == 1
    assert Done() in game().legal_actions(s) and s.to_move == 1


@pytest.mark.rules("nile_artefacts.offerings.choose_cards")
def test_offering_moves_chosen_cards_forward_and_an_empty_offering_is_allowed() -> None:
    """'choose any of the Artifact cards': one at a time, or none at all."""
    hand = kinds_of(((EYE,), NILE), ((CAT,), DESERT))
    s = offer_state([hand, []], ["type:eye"], {"type_choice": "shown_type"})
    assert game().legal_actions(s) == (Offer(hand[0], (EYE,)), Offer(hand[1], (CAT,)), Done())
    s = game().apply(s, Offer(hand[0], (EYE,)))
    assert s.hands[0] == (hand[1],) and s.offering == ((hand[0], (EYE,), -1),)
    with pytest.raises(IllegalAction) as err:
        game().apply(s, Offer(hand[0], (EYE,)))
    assert err.value.rule_id == "nile_artefacts.offerings.choose_type"
    s = game().apply(s, Done())
    assert s.to_move == 1 and game().legal_actions(s) == (Done(),)


@pytest.mark.rules("nile_artefacts.offerings.order")
def test_offerings_start_with_the_first_player_and_rotate() -> None:
    """With the First Player token on seat 2 of 3, seats offer 2, 0, 1."""
    s = offer_state([[], [], []], ["type:eye"], extra={"first": 2, "to_move": 2})
    order = []
    while s.phase == PH_OFFER:
        order.append(s.to_move)
        s = game().apply(s, Done())
    assert order == [2, 0, 1]


@pytest.mark.rules("nile_artefacts.offerings.buy")
def test_buying_is_allowed_before_the_offering_only() -> None:
    """Seed: you may buy before making your offering, 3 Coins a card."""
    hand = kinds_of(((EYE,), NILE))
    s = offer_state([hand, []], ["type:eye"], extra={"0": {"coins": 3}})
    assert s.stock == 27
    assert game().legal_actions(s)[0] == Buy()
    s2 = game().apply(s, Offer(hand[0], (EYE,)))
    assert Buy() not in game().legal_actions(s2)
    s = game().apply(s, Buy())
    s = game().apply(s, game().chance_outcomes(s)[0][0])
    assert (s.phase, len(s.hands[0]), s.coins[0]) == (PH_OFFER, 2, 0)


@pytest.mark.rules("nile_artefacts.offerings.discard", "nile_artefacts.offerings.keep_rest")
def test_offered_cards_are_discarded_after_all_offerings_and_the_rest_are_kept() -> None:
    """Seed: discard the offered cards once the offerings are complete; the others stay in front of you."""
    hand = kinds_of(((EYE,), NILE), ((CAT,), DESERT))
    s = offer_state([hand, []], ["type:statue"])
    s = game().apply(s, Offer(hand[0], (EYE,)))
    s = game().apply(s, Done())
    assert sum(s.discard) == 0 and s.altar == (hand[0],)
    s = game().apply(s, Done())
    assert s.discard[hand[0]] == 1 and sum(s.discard) == 1
    assert s.hands[0] == (hand[1],)


@pytest.mark.rules("nile_artefacts.offerings.check_monuments")
def test_per_monument_reading_lets_each_monument_choose_its_own_types() -> None:
    """NA-002 by hand: eye, cat, bird against same:3 and diff:3 advance one (per offering) or both (per Monument)."""
    hand = kinds_of(((EYE,), NILE), ((CAT,), NILE), ((BIRD,), NILE))
    for reading, expected in (("per_offering", [1, 0]), ("per_monument", [1, 1])):
        s = offer_state([hand, []], ["same:3", "diff:3"], {"type_scope": reading})
        start = s.levels
        types = (EYE,) if reading == "per_offering" else ()
        for k in hand:
            s = game().apply(s, Offer(k, types))
        s = game().apply(s, Done())
        assert expected == moved(start, s, 0)


@pytest.mark.rules("nile_artefacts.offerings.check_monuments", "nile_artefacts.example.offering_phase")
def test_split_reading_counts_each_card_only_for_the_monument_it_is_pushed_toward() -> None:
    """NA-013 by hand: the seed example's 3 cards (eye/nile, eye/nile, eye/desert) advance 3 Monuments when the
    offering is shared, but pushed toward Monuments one card each they advance none (each needs 2 cards), and two
    cards toward 'same:2' with one toward 'region:nile' advance only 'same:2'."""
    red = kinds_of(((EYE,), NILE), ((EYE,), NILE), ((EYE,), DESERT))
    conds = ["same:2", "each:nile+desert", "region:nile"]
    shared = offer_state([red, []], conds, {"type_choice": "shown_type"})
    for k in red:
        shared = game().apply(shared, Offer(k, (EYE,)))
    assert moved(shared.levels, game().apply(shared, Done()), 0) == [1, 1, 1]
    split = offer_state([red, []], conds, {"type_choice": "shown_type", "card_sharing": "split"})
    assert Offer(red[0], (EYE,), 2) in game().legal_actions(split)
    assert Offer(red[0], (EYE,)) not in game().legal_actions(split)
    one_each = split
    for k, m in zip(red, (0, 1, 2), strict=True):
        one_each = game().apply(one_each, Offer(k, (EYE,), m))
    assert moved(shared.levels, game().apply(one_each, Done()), 0) == [0, 0, 0]
    for k, m in zip(red, (0, 2, 0), strict=True):
        split = game().apply(split, Offer(k, (EYE,), m))
    assert moved(shared.levels, game().apply(split, Done()), 0) == [1, 0, 0]
