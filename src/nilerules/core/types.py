"""Small shared types of the kernel: players, the chance player, configs, rankings, game properties."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Final, TypeAlias

PlayerId: TypeAlias = int
"""Seat number, 0-based, in turn order from the first seat."""


class Chance(Enum):
    """The chance player: a draw or a shuffle is pending and ``chance_outcomes`` lists what can happen."""

    CHANCE = "chance"

    def __repr__(self) -> str:
        return "CHANCE"

    def __str__(self) -> str:
        return "CHANCE"


CHANCE: Final = Chance.CHANCE
Mover: TypeAlias = PlayerId | Chance | None
"""Who acts next: a seat, the chance player, or nobody (the game is over)."""


@dataclass(frozen=True, slots=True)
class Config:
    """A complete, validated game configuration: every ambiguity has exactly one chosen reading."""

    game: str
    players: int
    modules: tuple[str, ...] = ()
    readings: tuple[tuple[str, str], ...] = ()

    _lookup: dict[str, str] = field(init=False, repr=False, compare=False, hash=False, default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_lookup", dict(self.readings))

    def reading(self, ambiguity: str) -> str:
        """The chosen reading of ``ambiguity`` (a KeyError when the config does not choose one)."""
        return self._lookup[ambiguity]

    def has(self, module: str) -> bool:
        return module in self.modules

    def readings_dict(self) -> dict[str, str]:
        return dict(self.readings)


@dataclass(frozen=True, slots=True)
class GameInfo:
    """The properties a game declares in one record."""

    id: str
    title: str
    player_counts: tuple[int, ...]
    modules: tuple[str, ...]
    max_game_length: int
    version: int
    has_chance: bool = True
    required_modules: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    """Modules that a player count always uses (Nefertiti's 5-player game always uses the Harbor)."""


@dataclass(frozen=True, slots=True)
class Ranking:
    """Places from first to last; each place is a group of seats still tied after every stated tie-break."""

    places: tuple[tuple[PlayerId, ...], ...]
    decided_by: tuple[str, ...]
    """The steps used, in order (``"score"``, then each tie-break the rules state); rule ids where possible."""

    @property
    def open_tie(self) -> bool:
        """True when the rules leave some places undecided after every stated tie-break."""
        return any(len(group) > 1 for group in self.places)

    @property
    def winners(self) -> tuple[PlayerId, ...]:
        return self.places[0] if self.places else ()


def rank_by_keys(
    keys: Mapping[PlayerId, tuple[int, ...]], steps: tuple[str, ...]
) -> Ranking:
    """Rank seats by descending key tuples; ``steps[i]`` names what key position ``i`` measures.

    ``decided_by`` lists the steps up to the last one that separated any two seats.
    """
    order = sorted(keys, key=lambda p: (tuple(-k for k in keys[p]), p))
    places: list[tuple[PlayerId, ...]] = []
    for seat in order:
        if places and keys[places[-1][0]] == keys[seat]:
            places[-1] = (*places[-1], seat)
        else:
            places.append((seat,))
    used = 0
    seats = list(keys)
    for a in seats:
        for b in seats:
            if a < b:
                ka, kb = keys[a], keys[b]
                for i, (x, y) in enumerate(zip(ka, kb, strict=True)):
                    if x != y:
                        used = max(used, i + 1)
                        break
    return Ranking(tuple(places), steps[: max(used, 1)])
