"""Scoring of Sobek (``games/sobek/scoring.py``): sets, horizontal sets, the most corrupt (seed 002 and hand counts)."""

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
from tests.games.sobek.positions import green, plain, valued
from tests.helpers import edited_rules

ANKH = 3  # the third symbol of a block under the assumed order snake, reed, ankh, scorpion


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
    edited = edited_rules(tmp_path, "sobek", green_scarabs={**dict.fromkeys(KINDS, 0), "ivory": 3})
    params = edited.params(edited.config(3))
    assert scoring.set_score(played, params) == 9
    assert scoring.horizontal_score(PlayedSet(IVORY, played.cards, 0, True), params) == 3
