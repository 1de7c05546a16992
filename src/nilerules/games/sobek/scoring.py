"""Scoring of Sobek: sets, horizontal sets, the score track and its symbols, the corruption penalty, the ranking.

Pure functions of plain ints, so that checks, queries and the Z3 cross-checks call exactly what the game uses.
A score is the points a marker has; under the ``lap`` reading the marker stands on space ``score % track_spaces``.
"""

from __future__ import annotations

from collections.abc import Sequence

from nilerules.core import rule
from nilerules.games.sobek.params import CorruptAllTied, PenaltyOnNumber, TrackEnd, TrackLowEnd, readings_of
from nilerules.games.sobek.state import (
    C_CHARACTERS,
    C_HORIZONTAL,
    C_PROSPERITY,
    C_SETS,
    CATEGORIES,
    FIRST_CHAR,
    Params,
    PlayedSet,
    SobekState,
)


def symbol_of(space: int) -> int:
    """The symbol on a space: 0 on the numbered spaces (multiples of 5), else 1..4 (the k-th symbol of the block)."""
    return space % 5


def clamp(score: int, track_spaces: int, track_end: TrackEnd) -> int:
    """A marker's score after a move: under ``stop`` it cannot go past the last space."""
    if track_end == "stop" and score > track_spaces - 1:
        return track_spaces - 1
    return max(score, 0)


def guild_forward(score: int, symbol: int, track_spaces: int, track_end: TrackEnd) -> int:
    """Forward to the next space of ``symbol`` (1..4) strictly ahead; under ``stop`` none past the end: stay."""
    target = score + ((symbol - score) % 5 or 5)
    if track_end == "stop" and target > track_spaces - 1:
        return score
    return target


rule("sobek.events.guild")(guild_forward)


def back_to_symbol(score: int, symbol: int, track_low_end: TrackLowEnd) -> int:
    """Back to the next space of ``symbol`` (0..4) strictly behind; none left: stay, or space 0 (``to_start``)."""
    target = score - ((score - symbol) % 5 or 5)
    if target < 0:
        return 0 if track_low_end == "to_start" else score
    return target


def penalty(
    score: int, set_points: int, penalty_on_number: PenaltyOnNumber, track_low_end: TrackLowEnd, step: int
) -> int:
    """The score after the corruption penalty: one move back per ``step`` points earned through sets.

    Each move goes to the next space behind with the symbol of the space the marker ended on; on a numbered
    space the ``penalty_on_number`` reading decides (numbered spaces as a type, no move, or the symbol just behind).
    After the first move the marker stands on that symbol, so every further move is one block of five back: the
    moves are counted, not looped (the work does not grow with the points).
    """
    lots = max(set_points, 0) // max(step, 1)
    if lots == 0:
        return score
    symbol = symbol_of(score)
    if symbol == 0:
        if penalty_on_number == "no_move":
            return score
        if penalty_on_number == "previous_symbol":
            symbol = 4
    first = back_to_symbol(score, symbol, track_low_end)
    if first == score or symbol_of(first) != symbol:  # stayed at the low end, or sent to space 0
        return first
    rest = lots - 1
    if track_low_end == "to_start":
        return first - 5 * rest if first - 5 * rest >= 0 else 0
    return first - 5 * min(rest, first // 5)


rule("sobek.end.penalty_size", "sobek.end.penalty_move", "sobek.end.penalty_example")(penalty)


def set_score(played: PlayedSet, params: Params) -> int:
    """Scarabs in the set times the number of cards (amulets, characters and Prosperity tokens included)."""
    scarabs = sum(params.scarabs[c] for c in played.cards)
    return scarabs * (len(played.cards) + played.prosperity)


rule("sobek.end.set_scoring")(set_score)


def horizontal_score(played: PlayedSet, params: Params) -> int:
    """Horizontal sets score the sum of their scarabs."""
    return sum(params.scarabs[c] for c in played.cards)


rule("sobek.end.horizontal_scoring")(horizontal_score)


def round_breakdown(sets: Sequence[PlayedSet], params: Params) -> tuple[int, ...]:
    """One player's round points by score category (``state.CATEGORIES``): each set's points split into its goods
    cards and amulets (by the set's goods type), its characters and its Prosperity tokens; horizontal sets apart."""
    out = [0] * len(CATEGORIES)
    for s in sets:
        if s.horizontal:
            out[C_HORIZONTAL] += horizontal_score(s, params)
            continue
        scarabs = 0
        characters = 0
        for c in s.cards:
            scarabs += params.scarabs[c]
            if c >= FIRST_CHAR:
                characters += 1
        out[C_SETS + s.family] += scarabs * (len(s.cards) - characters)
        out[C_CHARACTERS] += scarabs * characters
        out[C_PROSPERITY] += scarabs * s.prosperity
    return tuple(out)


def round_points(sets: Sequence[PlayedSet], params: Params) -> tuple[int, int]:
    """(points from sets, points from horizontal sets) of one player's table."""
    vertical = sum(set_score(s, params) for s in sets if not s.horizontal)
    horizontal = sum(horizontal_score(s, params) for s in sets if s.horizontal)
    return vertical, horizontal


def most_corrupt(cards: Sequence[int], scarabs: Sequence[int], corrupt_all_tied: CorruptAllTied) -> tuple[int, ...]:
    """Who takes the penalty: most corruption cards (Curses counted as two), then most scarabs; still tied → all
    tied players (``tied``) or every player (``everyone``)."""
    top = max(cards)
    tied = [p for p, c in enumerate(cards) if c == top]
    if len(tied) > 1:
        best = max(scarabs[p] for p in tied)
        tied = [p for p in tied if scarabs[p] == best]
    if len(tied) > 1 and corrupt_all_tied == "everyone":
        return tuple(range(len(cards)))
    return tuple(tied)


rule("sobek.end.most_corrupt", "sobek.end.corrupt_tie_scarabs", "sobek.end.corrupt_tie_all")(most_corrupt)


def final_keys(state: SobekState) -> dict[int, tuple[int, ...]]:
    """Most points wins; under ``final_tie = last_round`` a tie goes to the most points gained in the last round."""
    n = state.config.players
    if readings_of(state.config).final_tie == "last_round":
        return {p: (state.scores[p], state.last_gain[p]) for p in range(n)}
    return {p: (state.scores[p],) for p in range(n)}


rule("sobek.theme.goal")(final_keys)
