"""The fixed action spaces: every legal action and chance outcome of random games is in the space, ids round-trip,
and the sizes are those the documents give."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from nilerules.core import CHANCE, Config
from nilerules.errors import MalformedAction
from nilerules.games import load_game
from nilerules.interop import spaces
from nilerules.interop.spaces import SpaceError, action_space
from tests.helpers import seeded_states
from tests.interop.cases import all_modules, smallest_and_largest


def configs(game_id: str, players: int) -> Iterator[Config]:
    """The default config with every module, and every ambiguity at its last reading (the readings that widen a
    space come last: Nile Artefacts' card_sharing = split, Sobek's event_choice = blind), without modules."""
    game = load_game(game_id)
    yield game.config(players, all_modules(game_id))
    last = {a: amb.reading_names()[-1] for a, amb in sorted(game.spec.ambiguities.items())}
    yield game.config(players, readings=last)


def missing(game: Any, config: Config, seed: int) -> list[str]:
    """What one seeded random game offers that the space lacks or cannot give back by id."""
    space = action_space(game, config)
    found = []
    for state in seeded_states(game, config, seed):
        if game.is_terminal(state):
            continue
        chance = game.current_player(state) is CHANCE
        offered = [a for a, _ in game.chance_outcomes(state)] if chance else game.legal_actions(state)
        for action in offered:
            try:
                back = space.outcome(space.outcome_id(action)) if chance else space.action(space.action_id(action))
            except SpaceError:
                found.append(repr(game.action_to_data(action)))
                continue
            if back != action:
                found.append(f"{action!r} comes back as {back!r}")
    return sorted(set(found))


@pytest.mark.parametrize(("game_id", "players"), smallest_and_largest())
def test_every_legal_action_and_chance_outcome_is_in_the_space(game_id: str, players: int) -> None:
    """Random games under the default readings and under the last readings: nothing offered is missing."""
    game = load_game(game_id)
    for index, config in enumerate(configs(game_id, players)):
        assert missing(game, config, seed=index) == [], config


def test_the_check_sees_a_space_without_bids(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check itself: a Ra space built without its bids is caught on the first auction."""
    build = spaces._BUILDERS["ra"]

    def without_bids(game: Any, config: Config) -> tuple[list[Any], list[Any]]:
        actions, outcomes = build(game, config)
        return [a for a in actions if not (isinstance(a, dict) and "bid" in a)], outcomes

    monkeypatch.setitem(spaces._BUILDERS, "ra", without_bids)
    monkeypatch.setattr(spaces, "_SPACES", {})
    game = load_game("ra")
    found = missing(game, game.config(3), seed=0)
    assert found and all(entry.startswith("{'bid':") for entry in found)


def test_ra_space_sizes_by_hand() -> None:
    """Ra (reference/ra.md): 23 tile kinds in params.tiles plus the Trader = 24; sun disk 1 in the centre and the
    sets 2-9 (2 players), 2-13 (4), 2-16 (5). Actions: 4 words + one bid per disk + a God and a discard per kind;
    chance: a tile of each kind, and each order of the disk sets (2!, 4!, 5!)."""
    game = load_game("ra")
    for players, disks, orders in ((2, 9, 2), (4, 13, 24), (5, 16, 120)):
        space = action_space(game, game.config(players, ["traders"]))
        assert (len(space.actions), len(space.outcomes)) == (4 + disks + 2 * 24, 24 + orders)


def test_sobek_space_size_by_hand() -> None:
    """Sobek, 4 players (002; docs/positions.md's card names): 7 goods kinds x 3 variants + 9 characters = 30 card
    types; 9 event token kinds (4 Guilds, Flood, Curse, Prosperity, Embalming, Deceit); rows of a round's 6
    deliveries of 9 (the spec's assumed deliveries) = 54 places; sets of at least 3 among 54 goods cards and 9
    characters: at most 21 per seat. Actions: 54 takes,
    9 characters, 6 goods x (new set + 21 additions), 6 + 1 ("mixed") horizontal sets, 30 additions, done, 9 events,
    4 targets, 4 x 21 sets, 6 goods, 30 cards, 9 backs, yes/no, 4 seats to start a round (SOB-018); chance: 30 card
    types + 9 tokens."""
    game = load_game("sobek")
    space = action_space(game, game.config(4))
    actions = 54 + 9 + 6 * 22 + 7 + 30 + 1 + 9 + 4 + 4 * 21 + 6 + 30 + 9 + 2 + 4
    assert (len(space.actions), len(space.outcomes)) == (actions, 30 + 9)


def test_nile_artefacts_offers_by_hand() -> None:
    """Nile Artefacts (001: 54 Artifact cards, six types; the spec's 6 green cards print two types): an offer counts
    a one-type card as no type or 1 of 6 (7 ways), a two-type card as no type, 1 of 6 or an ordered pair of 6 (43).
    Moves: 9 river spaces and the two Ports. Under card_sharing = split each offer also goes toward one of the 5
    visible Monuments."""
    game = load_game("nile_artefacts")
    offers = 48 * 7 + 6 * 43
    space = action_space(game, game.config(2))
    assert (len(space.actions), len(space.outcomes)) == (11 + 54 + offers + 3, 18 + 54)
    split = action_space(game, game.config(2, readings={"card_sharing": "split"}))
    assert len(split.actions) == 11 + 54 + offers * (1 + 5) + 3


def test_nefertiti_picks_name_the_neutral_player_only_with_two() -> None:
    """Nefertiti's neutral player exists in the 2-player game only (004, Two-Player Rules)."""
    game = load_game("nefertiti")
    two = action_space(game, game.config(2)).action_names
    four = action_space(game, game.config(4)).action_names
    assert '{"pick":"chair","seat":"neutral"}' in two
    assert not any('"neutral"' in name for name in four if name.startswith('{"pick"'))
    assert '{"place":"harbor","square":5}' in four


@pytest.mark.parametrize(("game_id", "players"), smallest_and_largest())
def test_names_are_unique_and_ids_round_trip(game_id: str, players: int) -> None:
    """Every id names a different action, and an action's id gives it back."""
    game = load_game(game_id)
    space = action_space(game, game.config(players, all_modules(game_id)))
    assert len(set(space.action_names)) == len(space.actions)
    assert len(set(space.outcome_names)) == len(space.outcomes)
    assert all(space.action(space.action_id(a)) == a for a in space.actions)
    assert all(space.outcome(space.outcome_id(o)) == o for o in space.outcomes)
    assert [entry[0] for entry in space.describe()] == ["action"] * len(space.actions) + ["chance"] * len(
        space.outcomes
    )


def test_an_id_outside_the_space_is_malformed() -> None:
    """Ids are 0..n-1; anything else (a bool included) is refused, naming the range."""
    game = load_game("sobek")
    space = action_space(game, game.config(2))
    for bad in (len(space.actions), -1, True, "3"):
        with pytest.raises(MalformedAction, match=r"is not an action id \(0\.\."):
            space.action(bad)  # type: ignore[arg-type]
    with pytest.raises(MalformedAction):
        space.outcome(len(space.outcomes))
