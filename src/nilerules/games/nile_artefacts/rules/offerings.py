"""The offerings stage and the Monuments: the cards a player may offer (with the types each counts as), Done, and
each visible Monument's next level checked against the offering (one level at most per stage).

This module is compiled by mypyc in a regular install (see ``rules/__init__``: it reads the per-game tables of the
state's ``ctx`` and cites its rules with ``rule(...)(function)``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from nilerules.core import rule
from nilerules.games.nile_artefacts.actions import Action, Offer
from nilerules.games.nile_artefacts.names import Condition
from nilerules.games.nile_artefacts.rules.conditions import (
    meets,
    meets_counts,
    meets_some_choice,
    tally,
    tally_offering,
    type_options,
)
from nilerules.games.nile_artefacts.rules.supply import can_draw, without_card
from nilerules.games.nile_artefacts.state import PH_OFFER, Ctx, NAState, Offers, clone

Entries = tuple[tuple[int, tuple[int, ...], int], ...]
OFFER: Final = Offer


def offer_actions(state: NAState) -> tuple[Action, ...]:
    """Buy (``buy_cost`` Coins a card) before offering, offer each card (by kind) with a type choice, or finish
    (Done)."""
    seat = state.to_move
    c = state.ctx
    table = offer_table(c, len(state.visible) if c.card_sharing_split else 0)  # NA-013 (card_sharing)
    out: list[Action] = []
    if not state.offering and state.coins[seat] >= c.buy_cost and can_draw(state):
        out.append(c.buy)
    last = -1
    hand = state.hands[seat]
    for k in hand:  # a sorted tuple of kinds
        if k != last:
            out.extend(table[k])
            last = k
    # NA-014 (empty_offering): may a player offer nothing?
    if not c.empty_offering_at_least_one or state.offering or not hand:
        out.append(c.done)
    return tuple(out)


rule("nile_artefacts.offerings.buy")(offer_actions)


def offer_table(c: Ctx, targets: int) -> tuple[Offers, ...]:
    """The Offer actions of each card kind, for ``targets`` visible Monuments to push toward (0 unless split): built
    once per (tables, targets) and kept in ``c.offer_tables`` (read and written here only)."""
    tables = c.offer_tables
    if targets < len(tables):
        table = tables[targets]
        if table:
            return table
    table = tuple(_offers(c, k, printed, targets) for k, printed in enumerate(c.card_types))
    while len(tables) <= targets:
        tables.append(())
    tables[targets] = table
    return table


def _offers(c: Ctx, kind: int, printed: tuple[int, ...], targets: int) -> Offers:
    """Each type choice (none under per_monument) and, under ``split``, each visible Monument."""
    # NA-002 (type_scope); NA-001 (type_choice) and NA-003 (double_card) in type_options
    choices = type_options(printed, c.type_choice, c.double_card) if c.type_scope_per_offering else ((),)
    if not targets:
        return tuple(OFFER(kind, t) for t in choices)
    return tuple(OFFER(kind, t, m) for t in choices for m in range(targets))


def start_offerings(s: NAState) -> NAState:
    s.phase = PH_OFFER
    s.to_move = s.first
    s.offering = ()
    s.altar = ()
    s.phase_levels = s.levels
    s.turned = False
    s.picks = 0
    return s


def apply_offer(state: NAState, action: Offer) -> NAState:
    """Push one card forward into the offering with the types chosen for it."""
    s = clone(state)
    seat = s.to_move
    kind = action.kind
    hands = list(s.hands)
    hands[seat] = without_card(hands[seat], kind)
    s.hands = tuple(hands)
    # concatenation: compiled, one C call (an unpacking display is built in a list, then copied to a tuple)
    s.offering = s.offering + ((kind, action.types, action.monument),)  # noqa: RUF005
    return s


rule("nile_artefacts.offerings.choose_cards")(apply_offer)


def advance_levels(state: NAState, seat: int) -> tuple[tuple[int, ...], ...]:
    """Each visible Monument whose next level's condition the offering meets moves the player up exactly one level.

    NA-013 (card_sharing): under ``shared`` the whole offering is checked against every Monument; under ``split``
    each Monument is checked against the cards pushed toward it.
    """
    c = state.ctx
    offering = state.offering
    # NA-002 (type_scope) and NA-013 (card_sharing): the common case, without closures: one tally checked against each
    # Monument
    if c.type_scope_per_offering and not c.card_sharing_split:
        return _advance_shared(c, offering, state.visible, state.levels, seat)
    out: list[tuple[int, ...]] = []
    whole = _evaluator(offering, c)
    for i, monument in enumerate(state.visible):
        row = state.levels[i]
        level = row[seat]
        if level < c.top:
            cond = c.monuments[monument][level]
            if c.card_sharing_split:  # NA-013 (card_sharing)
                part = tuple(entry for entry in offering if entry[2] == i)
                ok = bool(part) and _evaluator(part, c)(cond)
            else:
                ok = whole(cond)
            if ok:
                row = (*row[:seat], level + 1, *row[seat + 1 :])
        out.append(row)
    return tuple(out)


rule(
    "nile_artefacts.offerings.check_monuments",
    "nile_artefacts.offerings.one_level",
    "nile_artefacts.example.offering_phase",
)(advance_levels)


def _advance_shared(
    c: Ctx, offering: Entries, visible: tuple[int, ...], levels: tuple[tuple[int, ...], ...], seat: int
) -> tuple[tuple[int, ...], ...]:
    """``advance_levels`` when the whole offering counts for every Monument with the types chosen for it: one tally
    (as lists) checked against each Monument's next level; ``levels`` itself when no level moves."""
    counts, regions = tally_offering(offering, c.card_region)
    monuments = c.monuments
    pair_mix_both_types = c.pair_mix_both_types  # NA-004 (pair_mix)
    top = c.top
    out: list[tuple[int, ...]] | None = None
    for i in range(len(visible)):
        row = levels[i]
        level = row[seat]
        if level < top and meets_counts(monuments[visible[i]][level], counts, regions, pair_mix_both_types):
            if out is None:
                out = list(levels)
            raised = list(row)
            raised[seat] = level + 1
            out[i] = tuple(raised)
    return levels if out is None else tuple(out)


def _evaluator(entries: Entries, c: Ctx) -> Callable[[Condition], bool]:
    """Whether these offered cards meet a condition (with the chosen types, or any choice under per_monument)."""
    regions = [c.card_region[k] for k, _, _ in entries]
    pair_mix_both_types = c.pair_mix_both_types  # NA-004 (pair_mix)
    if c.type_scope_per_offering:  # NA-002 (type_scope)
        counts, region_counts = tally([types for _, types, _ in entries], regions)
        return lambda cond: meets(cond, counts, region_counts, pair_mix_both_types)
    options = [type_options(c.card_types[k], c.type_choice, c.double_card) for k, _, _ in entries]
    return lambda cond: meets_some_choice(cond, options, regions, pair_mix_both_types)


def apply_done(state: NAState) -> NAState:
    """Check the offering, set its cards aside, and pass to the next player (after the last player, the API's
    ``apply`` closes the stage: ``rounds.close_offerings``)."""
    s = clone(state)
    seat = s.to_move
    if s.offering:
        s.levels = advance_levels(s, seat)
        altar = list(s.altar)
        for entry in s.offering:
            altar.append(entry[0])
        s.altar = tuple(altar)
        s.offering = ()
    s.to_move = (seat + 1) % s.ctx.players
    return s


rule("nile_artefacts.offerings.order")(apply_done)


def end_offerings(s: NAState) -> None:
    """Offered cards go to the discard; cards not offered stay in hand (nothing else to do)."""
    discard = list(s.discard)
    for k in s.altar:
        discard[k] = discard[k] + 1
    s.discard = tuple(discard)
    s.altar = ()


rule("nile_artefacts.offerings.discard", "nile_artefacts.offerings.keep_rest")(end_offerings)
