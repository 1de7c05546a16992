"""Issue 15's second pass over the Nile Artefacts document, and issues 11 and 19's wording (the audit entries
themselves are checked for every game in tests/specs/test_spec_catalogue.py): every wording is rulebook words to
paste, with where it goes and why (the reason naming the reading adopted) and the claims it makes, the document's one
example holds under every reading that does not itself dispute it, and NA-014 (an empty offering) behaves as each of
its readings says."""

from __future__ import annotations

import re

import pytest

from nilerules.games import load_game
from nilerules.games.nile_artefacts.actions import Done, Offer
from nilerules.games.nile_artefacts.situations import kind_of, monuments_for, offering_position
from tests.games.nile_artefacts.positions import ANKH, BIRD, CAT, DESERT, EYE, FIELDS, NILE, STATUE, game

SPEC = load_game("nile_artefacts").spec


@pytest.mark.parametrize("ambiguity", sorted(SPEC.ambiguities))
def test_each_wording_is_rulebook_words_placed_and_reasoned(ambiguity: str) -> None:
    """Issue 11 and issue 19: the wording is what an editor pastes, rulebook words only (never 'Say whether...', no
    'Write:', no '(reading x)', no rule number typed: numbers are the params', through placeholders); the placement
    says where it goes (in Offerings, in End of the Game...); the reason names the reading adopted, the finding's
    default, and types no number outside a quote of the rule document or a placeholder; the wording makes claims."""
    amb = SPEC.ambiguities[ambiguity]
    assert not amb.wording.startswith(("Say", "Write", "Add")), amb.wording
    assert "(reading" not in amb.wording and "Write:" not in amb.wording
    assert not re.search(r"\d", re.sub(r"\{params\.[a-z_]+\}", "", amb.wording)), amb.wording
    sections = "Navigation|Offerings|Offering Conditions|End of the Game"
    assert re.match(rf"In ({sections}), (after|in place of) “", amb.placement), amb.placement
    reason = " ".join(amb.reason)
    assert f"the reading adopted (`{amb.default}`)" in reason, reason
    assert not re.search(r"\b\d+\b", re.sub(r"“[^”]*”|\{[a-z_.]+\}", "", reason)), reason
    assert amb.claims


def test_the_literal_port_reading_is_marked_as_ruled_out_by_the_text() -> None:
    """NA-006: under 'literal' nobody ever navigates, which 'Travel up and down the Nile' rules out."""
    readings = {r.name: r for r in SPEC.ambiguities["port_start"].readings}
    assert "Travel up and down the Nile" in readings["literal"].contradicted
    assert readings["stage_reset"].contradicted == ""


def test_the_current_round_reading_of_the_end_is_marked_as_ruled_out_by_the_text() -> None:
    """NA-011: the pile's last Monument is turned at the end of a round, so 'You play one last round' can only mean
    a further round; under 'current' no round follows the trigger."""
    readings = {r.name: r for r in SPEC.ambiguities["last_round"].readings}
    assert "You play one last round" in readings["current"].contradicted
    assert readings["one_more"].contradicted == ""


def example(readings: dict[str, str]):  # type: ignore[no-untyped-def]
    """The Example Offering Phase as a position: red (seat 0) and black (seat 1), a third seat still to offer so
    that the levels are seen before the rewards; Monuments of the data chosen so that the example's offerings meet
    exactly three next-level conditions each (hand calculation, as in test_nile_artefacts_offerings)."""
    p = game().params(game().config(3))
    picks = (
        ((EYE,), NILE), ((EYE,), NILE), ((EYE,), DESERT), ((CAT,), FIELDS),
        ((CAT,), FIELDS), ((BIRD,), FIELDS), ((ANKH,), NILE), ((STATUE,), DESERT),
    )  # fmt: skip
    kinds: list[int] = []
    for types, region in picks:
        k = next(
            k
            for k in range(len(p.cards))
            if (p.card_types[k], p.card_region[k]) == (types, region) and kinds.count(k) < p.card_count[k]
        )
        kinds.append(k)
    assert kind_of(p, (EYE,), NILE) == kinds[0]
    targets = monuments_for(p, ["same:2", "each:nile+desert", "region:nile", "diff:4", "region:fields"])
    levels = [level for _, level in targets]
    extra = {"1": {"levels": levels}, "2": {"levels": levels}}
    return offering_position(game(), readings, [kinds[:4], kinds[4:], []], targets, extra), kinds


EXAMPLE_READINGS = [
    (name, reading)
    for name, amb in sorted(SPEC.ambiguities.items())
    for reading in amb.reading_names()
    if (name, reading) != ("card_sharing", "split")  # NA-013's split reading is the one that disputes the example
]


@pytest.mark.rules("nile_artefacts.example.offering_phase", "nile_artefacts.example.keep_card")
@pytest.mark.parametrize(("ambiguity", "reading"), EXAMPLE_READINGS)
def test_the_example_offering_phase_holds_under_every_reading_that_does_not_dispute_it(
    ambiguity: str, reading: str
) -> None:
    """Seed: 'These cards let them each move up a level on 3 Monuments', red playing 3 of its 4 cards and keeping
    the fourth; black playing its 4 cards. Run under each reading of each ambiguity (the others at their defaults).
    The picture's Monuments are not in the text: with these, re-choosing types per Monument lets black reach a fourth
    (same:2 with two cats), so the example's '3 Monuments' is checked as reachable, not as a maximum."""
    state, kinds = example({ambiguity: reading})
    start = state.levels
    per_monument = state.config.reading("type_scope") == "per_monument"
    for k in kinds[:3]:
        state = game().apply(state, Offer(k, () if per_monument else (EYE,)))
    state = game().apply(state, Done())
    for k, t in zip(kinds[4:], (CAT, BIRD, ANKH, STATUE), strict=True):
        state = game().apply(state, Offer(k, () if per_monument else (t,)))
    state = game().apply(state, Done())
    gained = [[row[s] - before[s] for before, row in zip(start, state.levels, strict=True)] for s in (0, 1)]
    assert all(sum(g) >= 3 for g in gained), gained  # 'let them each move up a level on 3 Monuments'
    assert sum(gained[0]) == 3  # red: three eyes can never meet diff:4
    assert (kinds[3],) == state.hands[0]


@pytest.mark.rules("nile_artefacts.offerings.choose_cards")
def test_na014_an_empty_offering_is_allowed_or_not_by_the_reading() -> None:
    """may_pass: Done at once keeps every card; at_least_one: Done is not legal until one card is offered, except for
    a player with no card."""
    p = game().params(game().config(2))
    hand = [kind_of(p, (EYE,), NILE)]
    targets = monuments_for(p, ["type:eye"])
    for reading, done_first in (("may_pass", True), ("at_least_one", False)):
        state = offering_position(game(), {"empty_offering": reading}, [hand, []], targets)
        assert done_first == (Done() in game().legal_actions(state))
        offered = game().apply(state, Offer(hand[0], (EYE,)))
        assert Done() in game().legal_actions(offered)
        after = game().apply(offered, Done())
        assert after.to_move == 1 and Done() in game().legal_actions(after)  # seat 1 holds no card
