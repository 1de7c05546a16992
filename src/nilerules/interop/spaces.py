"""The fixed action space of each game and config: every action a seat could ever take, and every chance outcome,
in one canonical order, with ids.

Reinforcement-learning libraries want a fixed set of action ids (OpenSpiel's ``num_distinct_actions`` and
``max_chance_outcomes``, a PettingZoo ``Discrete`` space with an action mask). The rules list only what is legal in
a state, so this module writes the whole space down once per ``(game, config)``:

- the space is a list of actions **in their named form** (``game.action_to_data``, docs/positions.md), family by
  family in the order of each builder below, and within a family in the order of its vocabularies; an action's id
  is its index. ``ActionSpace.describe()`` lists them.
- vocabularies (tile kinds, card types, event tokens, Characters, markets, Monuments) are the names the game's own
  codec gives its codes (``_names``: code 0, 1, 2, ... until the codec has no name), so a renamed card renames the
  space with it; the few names built by docs/positions.md's rules (the river's ``space_<i>``, a market card's
  ``/down`` and ``/sealed``, Sobek's ``mixed``) are checked by the codec like every other entry (``_decode``);
- every number the rules set (seats, sun disks, river spaces, bid squares, the row's length, the visible Monuments)
  is read from ``game.spec`` for the config at hand, never typed here.

The space is a superset: it holds every action the rules can make legal under the config's readings, and some that
no state ever allows (a God tile taking a Ra tile). ``tests/interop/test_spaces.py`` plays random games of every
game under several readings and checks that every legal action and every chance outcome is in the space and that ids
round-trip. Only the public game API and the action classes of ``nilerules.games.<game>.actions`` are used.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from nilerules.core import Config, dumps
from nilerules.errors import MalformedAction
from nilerules.games import load_game
from nilerules.games.nefertiti import actions as nefertiti_actions
from nilerules.games.nile_artefacts import actions as nile_actions
from nilerules.games.ra import actions as ra_actions
from nilerules.games.sobek import actions as sobek_actions

MAX_VOCABULARY: Final = 4096
"""Largest name table read from a codec (the largest today, Nile Artefacts' cards, has 54 names)."""


class SpaceError(LookupError):
    """An action the rules offer is missing from the fixed space (a bug of this module, never of the caller)."""


@dataclass(frozen=True, slots=True)
class ActionSpace:
    """The fixed action space of one game and config: player actions and chance outcomes, each with ids 0..n-1."""

    game_id: str
    config: Config
    actions: tuple[Any, ...]
    """Player actions (the game's action objects), id = index."""
    outcomes: tuple[Any, ...]
    """Chance outcomes (the game's action objects), id = index."""
    action_names: tuple[str, ...]
    """The name of each player action (``action_name``), id = index."""
    outcome_names: tuple[str, ...]
    _action_ids: dict[Any, int] = field(repr=False, compare=False)
    _outcome_ids: dict[Any, int] = field(repr=False, compare=False)

    def action_id(self, action: Any) -> int:
        """The id of a player action; SpaceError if the space lacks it."""
        found = self._action_ids.get(action)
        if found is None:
            raise SpaceError(f"{self.game_id}: the action {action!r} is not in the fixed action space of {self.config}")
        return found

    def outcome_id(self, outcome: Any) -> int:
        """The id of a chance outcome; SpaceError if the space lacks it."""
        found = self._outcome_ids.get(outcome)
        if found is None:
            raise SpaceError(f"{self.game_id}: the outcome {outcome!r} is not in the chance space of {self.config}")
        return found

    def action(self, action_id: int) -> Any:
        """The player action with this id; MalformedAction for an id outside ``0..len(actions)-1``."""
        return _at(self.actions, action_id, self.game_id, "an action")

    def outcome(self, outcome_id: int) -> Any:
        """The chance outcome with this id; MalformedAction for an id outside ``0..len(outcomes)-1``."""
        return _at(self.outcomes, outcome_id, self.game_id, "a chance outcome")

    def describe(self) -> Iterator[tuple[str, int, str]]:
        """Every entry as ``(kind, id, name)``: the player actions (``"action"``), then the chance outcomes."""
        for i, name in enumerate(self.action_names):
            yield "action", i, name
        for i, name in enumerate(self.outcome_names):
            yield "chance", i, name


def _at(items: tuple[Any, ...], index: int, game_id: str, what: str) -> Any:
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(items):
        raise MalformedAction(f"{game_id}: {index!r} is not {what} id (0..{len(items) - 1})")
    return items[index]


def action_name(game: Any, action: Any) -> str:
    """An action's name: its named form (``game.action_to_data``), a word as is, anything else as canonical JSON
    (``draw``, ``{"bid":5}``, ``{"draw":"trader"}``)."""
    data = game.action_to_data(action)
    return data if isinstance(data, str) else dumps(data)


@lru_cache(maxsize=16)
def shared_game(game_id: str, spec: str | Path | None = None) -> Any:
    """``load_game(game_id, spec)``, loaded once and shared by the adapters (a game object holds no state)."""
    return load_game(game_id, spec)


_SPACES: dict[tuple[str, str, Config], ActionSpace] = {}
MAX_SPACES: Final = 64


def action_space(game: Any, config: Config) -> ActionSpace:
    """The fixed action space of ``game`` under ``config``: built once per game, spec (by digest) and config, then
    shared."""
    key = (game.info.id, game.spec.digest, config)
    found = _SPACES.get(key)
    if found is None:
        if len(_SPACES) >= MAX_SPACES:
            _SPACES.clear()
        found = _SPACES[key] = _build(game, config)
    return found


def _build(game: Any, config: Config) -> ActionSpace:
    build = _BUILDERS.get(game.info.id)
    if build is None:
        raise MalformedAction(f"no fixed action space is written for the game {game.info.id!r}")
    actions, outcomes = build(game, config)
    player = _decode(game, actions)
    chance = _decode(game, outcomes)
    return ActionSpace(
        game.info.id,
        config,
        tuple(player),
        tuple(chance),
        tuple(action_name(game, a) for a in player),
        tuple(action_name(game, a) for a in chance),
        {a: i for i, a in enumerate(player)},
        {a: i for i, a in enumerate(chance)},
    )


def _decode(game: Any, items: Iterable[Any]) -> list[Any]:
    """The action objects of named actions, each checked to name itself again and to be listed once."""
    out: list[Any] = []
    seen: set[Any] = set()
    for data in items:
        action = game.action_from_data(data)
        again = game.action_to_data(action)
        if again != data:
            raise SpaceError(f"{game.info.id}: {data!r} decodes to {action!r}, which is named {again!r}")
        if action in seen:
            raise SpaceError(f"{game.info.id}: {data!r} is listed twice in the fixed space")
        seen.add(action)
        out.append(action)
    return out


def _names(name_of: Callable[[int], Any]) -> tuple[Any, ...]:
    """The names a codec gives to the codes 0, 1, 2, ... up to the first code it cannot name."""
    names: list[Any] = []
    for code in range(MAX_VOCABULARY):
        try:
            names.append(name_of(code))
        except (LookupError, ValueError, TypeError):
            return tuple(names)
    raise SpaceError(f"a name table longer than {MAX_VOCABULARY} (is every code named?)")


def _subsets(items: Sequence[Any]) -> Iterator[list[Any]]:
    """Every subset of ``items`` as a list in their order, smallest first."""
    for size in range(len(items) + 1):
        for chosen in itertools.combinations(items, size):
            yield list(chosen)


Builder = Callable[[Any, Config], tuple[list[Any], list[Any]]]


# -- Ra ------------------------------------------------------------------------------------------------------------
def _ra(game: Any, config: Config) -> tuple[list[Any], list[Any]]:
    """Ra: the four words, a bid of every sun disk in play, a God tile taking and a discard of every tile kind; chance:
    a tile of every kind, and every way of handing out the player count's disk sets."""
    tiles = _names(lambda k: game.action_to_data(ra_actions.DrawTile(k))["draw"])
    disk_sets = [list(ds) for ds in game.spec.value("disk_sets")[str(config.players)]]
    disks = sorted({game.spec.int("center_disk"), *(d for ds in disk_sets for d in ds)})
    actions: list[Any] = ["draw", "invoke_ra", "pass", "end_turn"]
    actions += [{"bid": d} for d in disks]
    actions += [{"god": t} for t in tiles]
    actions += [{"discard": t} for t in tiles]
    outcomes: list[Any] = [{"draw": t} for t in tiles]
    outcomes += [{"deal": list(order)} for order in itertools.permutations(disk_sets)]
    return actions, outcomes


# -- Nile Artefacts --------------------------------------------------------------------------------------------------
def _nile_artefacts(game: Any, config: Config) -> tuple[list[Any], list[Any]]:
    """Nile Artefacts: a move to every space, taking every card kind, every offer of a card counted as up to as many
    Artifact types as it prints (``as`` in any order; ``toward`` each visible Monument under ``card_sharing =
    split``), turning round, buying, done; chance: every Monument revealed, every card kind drawn."""
    cards = _names(lambda k: game.action_to_data(nile_actions.Take(k))["take"])
    monuments = _names(lambda m: game.action_to_data(nile_actions.Reveal(m))["reveal"])
    types = _names(lambda t: game.action_to_data(nile_actions.Offer(0, (t,)))["as"][0])
    river = game.spec.int("river_spaces")
    visible = int(game.spec.value("monument_layout")[1])
    towards: list[int | None] = [None]
    if config.reading("card_sharing") == "split":
        towards += list(range(visible))
    actions: list[Any] = [{"move": space} for space in _river(river)]
    actions += [{"take": card} for card in cards]
    for card in cards:
        printed = len(card.split("/", 1)[0].split("+"))  # docs/positions.md: type[+type2]/region@space
        for count in range(printed + 1):
            for chosen in itertools.product(types, repeat=count):
                for toward in towards:
                    offer: dict[str, Any] = {"offer": card, "as": list(chosen)}
                    if toward is not None:
                        offer["toward"] = toward
                    actions.append(offer)
    actions += [{"turn_around": True}, {"buy": True}, {"done": True}]
    outcomes: list[Any] = [{"reveal": m} for m in monuments]
    outcomes += [{"draw": card} for card in cards]
    return actions, outcomes


def _river(spaces: int) -> list[str]:
    """The Boat's spaces by name, left to right (docs/positions.md)."""
    return ["left_port", *(f"space_{i}" for i in range(1, spaces + 1)), "right_port"]


# -- Sobek ---------------------------------------------------------------------------------------------------------
def _sobek(game: Any, config: Config) -> tuple[list[Any], list[Any]]:
    """Sobek: taking every place of the longest row a round can lay, playing every Character, starting or adding to
    (``onto``) every set a seat can have, every horizontal set, adding every card, done, every event, opponent, set,
    goods type, card and card back, yes and no, every seat to start the next round (SOB-018); chance: every card type
    and every event token drawn."""
    spec = game.spec
    cards = _names(lambda k: game.action_to_data(sobek_actions.DrawCard(k))["draw"])
    tokens = _names(lambda k: game.action_to_data(sobek_actions.DrawToken(k))["draw"])
    goods = _names(lambda k: game.action_to_data(sobek_actions.ChooseGoods(k))["goods"])
    backs = _names(lambda k: game.action_to_data(sobek_actions.ChooseBack(k))["back"])
    characters = list(spec.value("characters"))
    deliveries = max(*spec.value("deliveries"), *spec.value("deliveries_two_players"))
    row = deliveries * spec.int("delivery_size")  # all of a round's deliveries at once (SOB-023 row_of_all)
    # a set holds at least set_minimum cards, so a seat has at most this many sets
    sets = (sum(spec.value("goods_cards").values()) + len(characters)) // spec.int("set_minimum")
    seats = range(config.players)
    actions: list[Any] = [{"take": i} for i in range(row)]
    actions += [{"play": c} for c in characters]
    for kind in goods:
        actions.append({"set": kind})
        actions += [{"set": kind, "onto": i} for i in range(sets)]
    actions += [{"horizontal": kind} for kind in (*goods, "mixed")]
    actions += [{"add": c} for c in cards]
    actions.append("done")
    actions += [{"event": t} for t in tokens]
    actions += [{"target": s} for s in seats]
    actions += [{"choose_set": i, "seat": s} for s in seats for i in range(sets)]
    actions += [{"goods": kind} for kind in goods]
    actions += [{"card": c} for c in cards]
    actions += [{"back": b} for b in backs]
    actions += [{"confirm": True}, {"confirm": False}]
    actions += [{"start": s} for s in seats]  # SOB-018's lowest_chooses: the lowest scorer picks who starts
    outcomes: list[Any] = [{"draw": c} for c in cards]
    outcomes += [{"draw": t} for t in tokens]
    return actions, outcomes


# -- Nefertiti -----------------------------------------------------------------------------------------------------
FLAGS: Final = ("", "/down", "/sealed", "/down/sealed")
"""The flags of a card lying in a market (docs/positions.md)."""
FACE_UP: Final = ("", "/sealed")
"""The flags of a card a Character may exchange or take: 'A face-down Gift card cannot be bought, and it cannot be
exchanged or stolen using Character cards' (004)."""


def _nefertiti(game: Any, config: Config) -> tuple[list[Any], list[Any]]:
    """Nefertiti: every Character used, a Servant and a neutral pawn on every square of every market, closing every
    market or skipping, pass, taking half, done, taking every card (with its flags), every neutral Deben split,
    every exchange (with a market, the neutral player, the bottom of the pile; the Wandering Thief), every pick
    (with the seat it targets), every Gift type, every recall and target; chance: the first seat, every Character
    and every card drawn."""
    spec = game.spec
    cards = _names(lambda k: game.action_to_data(nefertiti_actions.DrawCard(k))["draw"])
    characters = _names(lambda k: game.action_to_data(nefertiti_actions.DrawCharacter(k))["draw_character"])
    types = _names(lambda k: game.action_to_data(nefertiti_actions.PickType(k))["pick_type"])
    markets = _names(lambda m: game.action_to_data(nefertiti_actions.ForceClose(m))["close"])
    squares = max(len(spec.value("harbor_squares")), *(len(stall["squares"]) for stall in spec.value("stalls")))
    slots = [c + f for c in cards for f in FLAGS]
    face_up = [c + f for c in cards for f in FACE_UP]
    seats: list[Any] = list(range(1, config.players))  # seat 0 is written without "seat"
    if config.players == 2:
        seats.append("neutral")  # the 2-player game's neutral player (004, Two-Player Rules)
    actions: list[Any] = [{"use": c} for c in characters]
    actions += [{"place": m, "square": q} for m in markets for q in range(squares)]
    actions += [{"place_neutral": m, "square": q} for m in markets for q in range(squares)]
    actions += [{"close": m} for m in markets]
    actions += ["skip_placement", "pass", "take_half", "done"]
    actions += [{"take": s} for s in slots]
    actions += [{"neutral_deben": chosen} for chosen in _subsets(markets)]
    actions += [{"neutral_gift": s} for s in slots]
    actions += [{"swap": give, "market": m, "card": s} for give in cards for m in markets for s in face_up]
    actions += [{"swap": give, "neutral": c} for give in cards for c in cards]
    actions += [{"swap": give, "bottom": c} for give in cards for c in cards]
    actions += [{"wandering_thief": m, "card": s} for m in markets for s in face_up]
    for c in cards:
        actions.append({"pick": c})
        actions += [{"pick": c, "seat": seat} for seat in seats]
    actions += [{"pick_type": t} for t in types]
    actions += [{"recall": m, "square": q} for m in markets for q in range(squares)]
    for m in markets:
        actions.append({"target": m})
        actions += [{"target": m, "card": s} for s in slots]
    outcomes: list[Any] = [{"first_player": s} for s in range(config.players)]
    outcomes += [{"draw_character": c} for c in characters]
    outcomes += [{"draw": c} for c in cards]
    return actions, outcomes


_BUILDERS: Final[dict[str, Builder]] = {
    "ra": _ra,
    "nile_artefacts": _nile_artefacts,
    "sobek": _sobek,
    "nefertiti": _nefertiti,
}
