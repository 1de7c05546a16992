"""Sobek's numbers and readings: the params record built from the spec, and the readings record of a config.

``make_params(spec, config)`` reads the spec's component data (the card table, the track, the deliveries) into the
frozen ``Params`` record that the rules read (and every state carries); ``readings_of(config)`` is the one way the
rules read the chosen readings (``readings_of(state.config).green_deal == "every_round"``). The ``Params`` class
itself is defined beside the state record (``state.py``), because the state holds it and its JSON is part of the
state's; it is re-exported here.
"""

from __future__ import annotations

from typing import Literal, NamedTuple, get_args

from nilerules.core.readings import record
from nilerules.core.types import Config
from nilerules.errors import SpecError
from nilerules.games.sobek.state import CHAR_FAMILY, CHARACTERS, KINDS, NTYPES, Params
from nilerules.specs import Spec

__all__ = ["Params", "Readings", "make_params", "readings_of"]


# the readings a helper of the rules takes as an argument, named after the ambiguity's id and typed like the
# record's field, so that a misspelt reading name fails the type check wherever it is passed
TrackEnd = Literal["lap", "stop"]
TrackLowEnd = Literal["stay", "to_start"]
PenaltyOnNumber = Literal["numbered_type", "no_move", "previous_symbol"]
CorruptAllTied = Literal["tied", "everyone"]
GoodsTotal = Literal["listed", "green_extra"]
ThiefBacks = Literal["green_unknown", "kind_known"]
# each one's reading names, in the Literal's order (``core.readings.one_of`` narrows a name to one of them)
TRACK_END: tuple[TrackEnd, ...] = get_args(TrackEnd)
TRACK_LOW_END: tuple[TrackLowEnd, ...] = get_args(TrackLowEnd)
PENALTY_ON_NUMBER: tuple[PenaltyOnNumber, ...] = get_args(PenaltyOnNumber)
CORRUPT_ALL_TIED: tuple[CorruptAllTied, ...] = get_args(CorruptAllTied)
GOODS_TOTAL: tuple[GoodsTotal, ...] = get_args(GoodsTotal)
THIEF_BACKS: tuple[ThiefBacks, ...] = get_args(ThiefBacks)


class Readings(NamedTuple):
    """The chosen reading of each ambiguity of ``specs/sobek.toml`` (one field per ambiguity id, in spec order)."""

    amulet_only: Literal["forbidden", "allowed"]
    corrupt_all_tied: CorruptAllTied
    corruption_between_rounds: Literal["discard", "keep"]
    corruption_scarabs: Literal["pile", "sets"]
    courtesan_match: Literal["matching", "any_card"]
    courtesan_target: Literal["own", "any"]
    deceit_curses: Literal["count_two", "cards_only"]
    early_end: Literal["after_penalty", "after_scoring", "immediately"]
    embalming_curses: Literal["stay", "discarded"]
    event_choice: Literal["choose", "blind"]
    event_tokens_between_rounds: Literal["all_back", "used_out"]
    extension_event: Literal["triggers", "none"]
    final_tie: Literal["shared", "last_round"]
    goods_total: GoodsTotal
    green_deal: Literal["every_round", "once"]
    horizontal_characters: Literal["as_goods", "excluded"]
    horizontal_events: Literal["none", "triggers"]
    horizontal_in_penalty: Literal["excluded", "included"]
    horizontal_sets: Literal["same_kind", "different_kinds"]
    market_row: Literal["refill", "row_of_all"]
    merchant_corruption: Literal["none", "skipped"]
    penalty_on_number: PenaltyOnNumber
    power_no_target: Literal["no_effect", "needs_target"]
    priest_characters: Literal["must", "may"]
    queen_draw: Literal["deck", "market"]
    queen_short: Literal["what_is_left", "needs_full"]
    round_start: Literal["rotate", "lowest_score", "lowest_chooses"]
    scribe_chooser: Literal["owner", "scribe_player"]
    sets_between_rounds: Literal["discard", "keep"]
    thief_backs: ThiefBacks
    track_end: TrackEnd
    track_low_end: TrackLowEnd
    two_player_removed: Literal["whole_deck", "goods_only"]
    two_player_rounds: Literal["last_short", "first_short"]
    zero_corruption: Literal["penalised", "nobody"]


def readings_of(config: Config) -> Readings:
    """The readings ``config`` chooses, as one record (looked up once per config: ``core.readings.record``)."""
    return record(config, Readings)


def make_params(spec: Spec, config: Config) -> Params:
    """The frozen parameter record, checked against the spec (every problem collected before one SpecError).

    Sobek's numbers do not depend on the config (no module or player count changes them; the 2-player deliveries
    and removals are their own params): ``config`` is taken so that every game builds its params the same way."""
    problems: list[tuple[str, str]] = []

    def table(name: str) -> dict[str, int]:
        value = spec.value(name)
        if not isinstance(value, dict) or set(value) != set(KINDS) or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value.values()
        ):
            problems.append((f"params.{name}.value", f"expected a table of {', '.join(KINDS)} to counts"))
            return dict.fromkeys(KINDS, 0)
        return value

    goods, green, valued, scarabs, green_scarabs = (
        table(n) for n in ("goods_cards", "green_backed", "valued_cards", "scarabs", "green_scarabs")
    )
    for k in KINDS:
        if green[k] + valued[k] > goods[k]:
            problems.append((f"params.valued_cards.value.{k}", "valued + green-backed exceed the cards of the kind"))
    chars = spec.value("characters")
    if chars != list(CHARACTERS):
        problems.append(("params.characters.value", f"expected the nine characters {list(CHARACTERS)!r}"))
    order = spec.value("symbol_order")
    if not isinstance(order, list) or sorted(order) != ["ankh", "reed", "scorpion", "snake"]:
        problems.append(("params.symbol_order.value", "expected the four symbols in some order"))
        order = ["snake", "reed", "ankh", "scorpion"]
    if spec.int("track_spaces") % 5 or spec.int("track_spaces") < 10:
        problems.append(("params.track_spaces.value", "expected a multiple of 5, at least 10"))
    if spec.int("penalty_step") < 1:
        problems.append(("params.penalty_step.value", f"expected at least 1 point per move, found "
                                                     f"{spec.int('penalty_step')!r}"))
    if problems:
        raise SpecError(spec.path, problems)
    kind: list[int] = []
    sc: list[int] = []
    gr: list[bool] = []
    totals: list[int] = []
    for index, kind_name in enumerate(KINDS):
        for variant in range(3):
            kind.append(index)
            gr.append(variant == 2)
            sc.append((scarabs[kind_name], 0, green_scarabs[kind_name])[variant])
            plain = goods[kind_name] - valued[kind_name] - green[kind_name]
            count = (valued[kind_name], plain, green[kind_name])[variant]
            totals.append(count)
    for family in CHAR_FAMILY:
        kind.append(family)
        gr.append(False)
        sc.append(0)
        totals.append(1)
    assert len(kind) == NTYPES
    return Params(
        kind=tuple(kind), scarabs=tuple(sc), green=tuple(gr), totals=tuple(totals),
        track_spaces=spec.int("track_spaces"), symbol_order=tuple(order), hand_size=spec.int("hand_size"),
        delivery_size=spec.int("delivery_size"), deliveries=tuple(spec.value("deliveries")),
        deliveries_two=tuple(spec.value("deliveries_two_players")), removed_two=spec.int("removed_two_players"),
        deck_reformed=spec.value("deck_reformed") == "every_round",
        market_open=spec.int("market_open"), scribe_limit=spec.int("scribe_hand_limit"),
        queen_draws=spec.int("queen_draws"), early_end=spec.int("early_end_points"),
        events_per_round=spec.int("events_per_round"), rounds=spec.int("rounds"), set_min=spec.int("set_minimum"),
        penalty_step=spec.int("penalty_step"), curse_cards=spec.int("curse_cards"),
    )
