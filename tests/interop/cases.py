"""What the interop tests run over: every game at its smallest and largest player count, with every module."""

from __future__ import annotations

from nilerules.games import GAME_IDS, load_game


def smallest_and_largest() -> list[tuple[str, int]]:
    """Every game at its smallest and largest player count."""
    out = []
    for game_id in GAME_IDS:
        counts = load_game(game_id).info.player_counts
        out += [(game_id, min(counts)), (game_id, max(counts))]
    return out


def all_modules(game_id: str) -> tuple[str, ...]:
    """Every module of the game (Ra's Traders, Nefertiti's Harbor, Characters and scenario)."""
    modules: tuple[str, ...] = load_game(game_id).info.modules
    return modules
