"""What a seat sees (hidden information by the seeds) and what it gets (rank-based returns), by hand."""

from __future__ import annotations

from typing import Any

import pytest

from nilerules.core import CHANCE, Config, Ranking
from nilerules.games import load_game
from nilerules.games.sobek.actions import ChooseBack
from nilerules.interop.seats import rank_returns, render_text, view
from tests.helpers import seeded_states


class Finished:
    """A finished game whose ranking is given: the returns read nothing else."""

    def __init__(self, players: int, places: tuple[tuple[int, ...], ...]) -> None:
        self.players = players
        self.places = places

    def state_config(self, state: Any) -> Config:
        return Config("toy", self.players)

    def is_terminal(self, state: Any) -> bool:
        return True

    def ranking(self, state: Any) -> Ranking:
        return Ranking(self.places, ("score",))


@pytest.mark.parametrize(
    ("players", "places", "expected"),
    [
        (2, ((1,), (0,)), (-1.0, 1.0)),
        # 4 places worth 1, 1/3, -1/3, -1: seats 0 and 3 tie for second and share (1/3 - 1/3) / 2 = 0
        (4, ((2,), (0, 3), (1,)), (0.0, -1.0, 1.0, 0.0)),
        (3, ((0, 1, 2),), (0.0, 0.0, 0.0)),
        # 5 places worth 1, 1/2, 0, -1/2, -1: seats 1 and 4 tie for first, (1 + 1/2) / 2 = 3/4
        (5, ((1, 4), (0,), (2, 3)), (0.0, 0.75, -0.75, -0.75, 0.75)),
    ],
)
def test_rank_returns_by_hand(players: int, places: tuple[tuple[int, ...], ...], expected: tuple[float, ...]) -> None:
    """Place k of n is worth (n-1-2k)/(n-1); tied seats share the mean of the places they span."""
    assert rank_returns(Finished(players, places), None) == expected


@pytest.mark.parametrize("game_id", ["ra", "nile_artefacts", "sobek", "nefertiti"])
def test_returns_of_a_played_game_sum_to_zero_and_follow_the_ranking(game_id: str) -> None:
    """A seeded game: zeros before the end; at the end the winners get the most and the sum is 0."""
    game = load_game(game_id)
    config = game.config(3)
    states = seeded_states(game, config, seed=1)
    assert rank_returns(game, states[len(states) // 2]) == (0.0, 0.0, 0.0)
    final = rank_returns(game, states[-1])
    assert sum(final) == pytest.approx(0.0)
    assert {final[seat] for seat in game.ranking(states[-1]).winners} == {max(final)}


@pytest.mark.parametrize("game_id", ["ra", "nile_artefacts"])
def test_ra_and_nile_artefacts_hide_nothing(game_id: str) -> None:
    """Every seat sees the whole position (the tiles and cards held lie face up)."""
    game = load_game(game_id)
    for state in seeded_states(game, game.config(2), seed=2)[::25]:
        assert view(game, state, 0) == view(game, state, 1) == game.position_data(state)


def test_sobek_starting_hands_show_green_backs() -> None:
    """002: 'Nine of the cards have a different coloured back; the player's starting hand is dealt from these':
    an opponent's two starting cards (hand_size 2) show two green backs; under thief_backs = kind_known the back
    tells the goods type."""
    game = load_game("sobek")
    for readings, expect in (({}, lambda hand: {"green": 2}), ({"thief_backs": "kind_known"}, _kinds)):
        config = game.config(3, readings=readings)
        state = _after_opening_chance(game, config)
        hand = game.position_data(state)["seats"]["0"]["hand"]
        seen = view(game, state, 1)["seats"]["0"]
        assert "hand" not in seen
        assert seen["hand_backs"] == expect(hand)
        assert view(game, state, 0)["seats"]["0"]["hand"] == hand


def _kinds(hand: dict[str, int]) -> dict[str, int]:
    kinds: dict[str, int] = {}
    for name, count in hand.items():
        kinds[name.removesuffix("_green")] = kinds.get(name.removesuffix("_green"), 0) + count
    return dict(sorted(kinds.items()))


def test_sobek_the_backs_shown_are_the_backs_the_thief_may_choose() -> None:
    """The rules as the oracle: when the Thief chooses a back in an opponent's hand (seed 0, 3 players, move 39),
    the backs the rules offer are exactly those the thief's view shows of that hand."""
    game = load_game("sobek")
    state = seeded_states(game, game.config(3), seed=0)[39]
    pending = game.position_data(state)["pending"]
    assert pending["choice"] == "thief_back"
    offered = {game.action_to_data(a)["back"] for a in game.legal_actions(state) if isinstance(a, ChooseBack)}
    seen = view(game, state, pending["seat"])["seats"][str(pending["opponent"])]["hand_backs"]
    assert offered == set(seen)


def test_sobek_removed_cards_and_blind_tokens_are_face_down() -> None:
    """002: 'In a two player game 9 cards are removed at random'; with the tokens face down (event_choice = blind)
    the round's 5 tokens ('5 randomly selected for each round') show as a count."""
    game = load_game("sobek")
    state = _after_opening_chance(game, game.config(2, readings={"event_choice": "blind"}))
    seen = view(game, state, 0)
    assert seen["removed"] == {"face_down": 9}
    assert seen["events"] == {"face_down": 5}
    assert isinstance(view(game, _after_opening_chance(game, game.config(2)), 0)["events"], dict)


def test_nefertiti_bottom_cards_are_seen_by_the_priest_user_only() -> None:
    """004: the Priest's user looks at 'the last 5 cards of the draw pile (4 Gift cards and the Akhenaton card)',
    drawn face down at set-up. Seed 0, 3 players with the Characters, move 142: seat 0 uses the Priest."""
    game = load_game("nefertiti")
    config = game.config(3, ["characters"])
    opening = _after_opening_chance(game, config)
    assert all(view(game, opening, seat)["bottom"] == {"face_down": 5} for seat in range(3))
    state = seeded_states(game, config, seed=0)[142]
    data = game.position_data(state)
    assert (data["character"]["active"], data["to_move"]) == ("priest", 0)
    assert view(game, state, 0)["bottom"] == data["bottom"]
    assert view(game, state, 1)["bottom"] == {"face_down": len(data["bottom"])}
    assert "priest" not in view(game, state, 2)["character"]


def test_render_is_the_whole_position_as_text() -> None:
    """A header naming the game, the seats and the mover, then one line per key; nothing hidden."""
    game = load_game("sobek")
    state = _after_opening_chance(game, game.config(2))
    text = render_text(game, state)
    assert text.splitlines()[0] == "sobek, 2 players (0 to move); scores [0, 0]"
    assert '  0: {"hand":' in text and '  1: {"hand":' in text


def _after_opening_chance(game: Any, config: Config) -> Any:
    """The first state after set-up where a seat is to move."""
    return next(s for s in seeded_states(game, config, seed=0) if game.current_player(s) is not CHANCE)
