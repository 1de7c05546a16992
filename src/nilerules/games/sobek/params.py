"""Sobek's numbers and readings: the params record built from the spec, and the readings record of a config.

``make_params(spec, config)`` reads the spec's component data (the card table, the track, the deliveries) into the
frozen ``Params`` record that the rules read (and every state carries); ``readings_of(config)`` is the one way the
rules read the chosen readings (``readings_of(state.config).green_deal == "every_round"``). The ``Params`` class
itself is defined beside the state record (``state.py``), because the state holds it and its JSON is part of the
state's; it is re-exported here.
"""

from __future__ import annotations

from typing import NamedTuple

from nilerules.core.readings import record
from nilerules.core.types import Config
from nilerules.errors import SpecError
from nilerules.games.sobek.state import CHAR_FAMILY, CHARACTERS, KINDS, NTYPES, Params
from nilerules.specs import Spec

__all__ = ["Params", "Readings", "make_params", "readings_of"]


class Readings(NamedTuple):
    """The chosen reading of each ambiguity of ``specs/sobek.toml`` (one field per ambiguity id, in spec order)."""

    amulet_only: str
    corrupt_all_tied: str
    corruption_between_rounds: str
    corruption_scarabs: str
    courtesan_match: str
    courtesan_target: str
    deceit_curses: str
    early_end: str
    embalming_curses: str
    event_choice: str
    event_tokens_between_rounds: str
    extension_event: str
    final_tie: str
    goods_total: str
    green_deal: str
    horizontal_characters: str
    horizontal_events: str
    horizontal_in_penalty: str
    horizontal_sets: str
    market_row: str
    merchant_corruption: str
    penalty_on_number: str
    power_no_target: str
    priest_characters: str
    queen_draw: str
    queen_short: str
    round_start: str
    scribe_chooser: str
    sets_between_rounds: str
    thief_backs: str
    track_end: str
    track_low_end: str
    two_player_removed: str
    two_player_rounds: str
    zero_corruption: str


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
