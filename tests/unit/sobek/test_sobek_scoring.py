"""Scoring of Sobek: sets, horizontal sets, the score track, the corruption penalty (seed 002 and hand counts)."""

from __future__ import annotations

from pathlib import Path

import pytest

from nilerules.games.sobek import scoring
from nilerules.games.sobek.game import SobekGame
from nilerules.games.sobek.state import (
    AMULET,
    C_SETS,
    CATTLE,
    EBONY,
    FIRST_CHAR,
    FISH,
    IVORY,
    KINDS,
    MARBLE,
    PlayedSet,
)
from tests.helpers import edited_game
from tests.unit.sobek.sobek_positions import green, plain, valued

ANKH = 3  # the third symbol of a block under the assumed order snake, reed, ankh, scorpion
SCORPION = 4


@pytest.mark.rules("sobek.end.penalty_example", "sobek.end.penalty_move", "sobek.end.penalty_size")
def test_penalty_seed_example_kate_back_two_ankhs(game: SobekGame) -> None:
    """Seed 002: Kate earned 23 points and ended on an ankh: 2 lots, back 2 ankh symbols (48 -> 43 -> 38)."""
    assert scoring.symbol_of(48) == ANKH
    assert game.params(game.config(2)).symbol_order[ANKH - 1] == "ankh"
    assert scoring.penalty(48, 23, "numbered_type", "stay", 10) == 38


@pytest.mark.rules("sobek.end.penalty_move")
def test_penalty_fewer_than_ten_points_moves_nothing() -> None:
    """Seed: one move per full 10 points; 9 points is no lot (hand count)."""
    assert scoring.penalty(48, 9, "numbered_type", "stay", 10) == 48


@pytest.mark.rules("sobek.end.penalty_move")
@pytest.mark.parametrize(
    ("reading", "expected"), [("numbered_type", 15), ("no_move", 25), ("previous_symbol", 19)]
)
def test_penalty_on_a_numbered_space_under_each_reading(reading: str, expected: int) -> None:
    """Hand count: 23 points on the numbered space 25: two lots of 5, none, or 24 then 19."""
    assert scoring.penalty(25, 23, reading, "stay", 10) == expected


@pytest.mark.rules("sobek.end.penalty_move")
def test_penalty_near_the_start_stays_or_goes_to_zero() -> None:
    """Hand count: on space 8 (ankh) with 30 points: 3 ankhs behind would be 3, -2: stop at 3, or go to 0."""
    assert scoring.penalty(8, 30, "numbered_type", "stay", 10) == 3
    assert scoring.penalty(8, 30, "numbered_type", "to_start", 10) == 0


@pytest.mark.rules("sobek.events.guild")
def test_guild_forward_goes_to_the_next_space_of_the_symbol_strictly_ahead() -> None:
    """Hand count: from 3 (ankh) the next ankh is 8; from 3 the next scorpion is 4; from 0 the next snake is 1."""
    assert scoring.guild_forward(3, ANKH, 100, "lap") == 8
    assert scoring.guild_forward(3, SCORPION, 100, "lap") == 4
    assert scoring.guild_forward(0, 1, 100, "lap") == 1


@pytest.mark.rules("sobek.events.guild")
def test_guild_forward_past_the_end_of_the_track() -> None:
    """Hand count: on 99 a snake lies at 101 (lap) or nowhere ahead (stop: stay on 99)."""
    assert scoring.guild_forward(99, 1, 100, "lap") == 101
    assert scoring.guild_forward(99, 1, 100, "stop") == 99


@pytest.mark.rules("sobek.events.guild")
def test_guild_back_near_the_start() -> None:
    """Hand count: from 12 back to a reed is 7; from 2 back to a scorpion there is none (stay 2, or 0)."""
    assert scoring.back_to_symbol(12, 2, "stay") == 7
    assert scoring.back_to_symbol(2, SCORPION, "stay") == 2
    assert scoring.back_to_symbol(2, SCORPION, "to_start") == 0


@pytest.mark.rules("sobek.end.set_scoring")
def test_set_score_is_scarabs_times_cards_including_amulets_characters_and_prosperity(game: SobekGame) -> None:
    """Seed: scarabs x cards. Two valued Ivory (3 each = 6 scarabs), an amulet, a Queen (Ivory), one
    Prosperity token: 6 x 5 = 30."""
    played = PlayedSet(IVORY, (valued(IVORY), valued(IVORY), plain(AMULET), FIRST_CHAR), 1)
    assert scoring.set_score(played, game.params(game.config(2))) == 30


@pytest.mark.rules("sobek.end.horizontal_scoring")
def test_horizontal_set_scores_the_sum_of_its_scarabs(game: SobekGame) -> None:
    """Seed: horizontal sets score by adding scarabs: 3 + 3 + 0 = 6 (Ivory 3 scarabs, sourced); a normal set of three
    valued Cattle (1 scarab each, assumed in specs/sobek.toml params.scarabs) is 3 scarabs x 3 cards = 9."""
    played = PlayedSet(IVORY, (valued(IVORY), valued(IVORY), plain(IVORY)), 0, True)
    params = game.params(game.config(2))
    assert scoring.horizontal_score(played, params) == 6
    assert scoring.round_points((played, PlayedSet(CATTLE, (valued(CATTLE),) * 3)), params) == (9, 6)


@pytest.mark.rules("sobek.end.most_corrupt")
def test_most_corrupt_has_most_cards() -> None:
    """Seed: most cards in the pile is most corrupt."""
    assert scoring.most_corrupt((5, 3, 4), (0, 9, 9), "tied") == (0,)


@pytest.mark.rules("sobek.end.corrupt_tie_scarabs")
def test_most_corrupt_tie_broken_by_scarabs() -> None:
    """Seed: in a tie, the player with the most scarabs."""
    assert scoring.most_corrupt((5, 5, 4), (1, 2, 9), "tied") == (1,)


@pytest.mark.rules("sobek.end.corrupt_tie_all")
def test_most_corrupt_still_tied_all_receive_the_penalty() -> None:
    """Seed: still tied: all (tied) players; under 'everyone' literally all."""
    assert scoring.most_corrupt((5, 5, 4), (2, 2, 9), "tied") == (0, 1)
    assert scoring.most_corrupt((5, 5, 4), (2, 2, 9), "everyone") == (0, 1, 2)


@pytest.mark.rules("sobek.end.set_scoring")
def test_set_of_plain_cards_scores_nothing(game: SobekGame) -> None:
    """Hand count: no scarabs, no points, whatever the size."""
    assert scoring.set_score(PlayedSet(FISH, (plain(FISH),) * 6), game.params(game.config(2))) == 0


@pytest.mark.rules("sobek.end.set_scoring", "sobek.end.penalty_size", "sobek.end.penalty_example")
def test_kate_round_of_23_set_points_scored_by_hand(game: SobekGame) -> None:
    """Seed 002's example, scored by hand: 'if Kate earned 23 points [through sets] and ended up on the Ankh symbol
    then this is 2 "lots" of ten'. Three sets worth 23 (each scarabs x cards, seed: 'multiplying the number of
    scarabs in the set by the number of cards'): one valued Ivory and two plain (3 scarabs, reference) x 3 cards = 9;
    one valued Ebony and two plain (2 scarabs, assumed) x 3 = 6; one valued Marble, two plain and an amulet (2,
    assumed) x 4 = 8. A horizontal set of one valued Cattle and two plain adds its 1 scarab (assumed) apart, and is
    not points through sets. Kate on 25 + 23 + 1 = 49 would be a scorpion; the example's marker ends on an ankh, so
    she starts on 24: 48, back two ankhs to 38."""
    params = game.params(game.config(3))
    sets = (
        PlayedSet(IVORY, (valued(IVORY), plain(IVORY), plain(IVORY))),
        PlayedSet(EBONY, (valued(EBONY), plain(EBONY), plain(EBONY))),
        PlayedSet(MARBLE, (valued(MARBLE), plain(MARBLE), plain(MARBLE), plain(AMULET))),
        PlayedSet(CATTLE, (valued(CATTLE), plain(CATTLE), plain(CATTLE)), 0, True),
    )
    hand = {IVORY: 3, EBONY: 2, MARBLE: 2, CATTLE: 1}  # scarabs per valued card: reference (Ivory), assumed (rest)
    assert [params.scarabs[valued(k)] for k in hand] == list(hand.values())
    assert scoring.round_points(sets, params) == (9 + 6 + 8, 1)
    breakdown = scoring.round_breakdown(sets, params)
    assert (breakdown[C_SETS + IVORY], breakdown[C_SETS + EBONY], breakdown[C_SETS + MARBLE]) == (9, 6, 8)
    assert scoring.symbol_of(24 + 23 + 1) == ANKH
    assert scoring.penalty(24 + 23 + 1, 23, "numbered_type", "stay", params.penalty_step) == 38


@pytest.mark.rules("sobek.end.set_scoring", "sobek.ref.scarabs")
def test_green_backed_cards_score_the_scarabs_the_spec_gives_them(game: SobekGame, tmp_path: Path) -> None:
    """Assumed (params.green_scarabs): green-backed cards carry no scarabs, so a set of a green-backed Ivory and two
    plain ones scores 0; with 3 scarabs on green-backed Ivory (a spec copy) the same set scores 3 x 3 = 9 (hand
    count), and a horizontal set of it 3."""
    played = PlayedSet(IVORY, (green(IVORY), plain(IVORY), plain(IVORY)))
    assert scoring.set_score(played, game.params(game.config(3))) == 0
    edited = edited_game(tmp_path, "sobek", green_scarabs={**dict.fromkeys(KINDS, 0), "ivory": 3}).game
    params = edited.params(edited.config(3))
    assert scoring.set_score(played, params) == 9
    assert scoring.horizontal_score(PlayedSet(IVORY, played.cards, 0, True), params) == 3
