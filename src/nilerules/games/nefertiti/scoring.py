"""Gift scoring (value by number of owners, foreign bonuses), character scoring, the Amon Priest and the ranking."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from nilerules.core.registry import rule
from nilerules.core.types import Ranking, rank_by_keys
from nilerules.games.nefertiti.cards import CARD_TYPE, CARD_UNITS
from nilerules.games.nefertiti.names import N_GIFTS, N_TYPES
from nilerules.games.nefertiti.params import AmonPriestTies, Params, ScribeForeignBonus, SenetX2Scribe, readings_of
from nilerules.games.nefertiti.state import NefState

TYPE_CODES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(c for c in range(N_GIFTS) if CARD_TYPE[c] == t) for t in range(N_TYPES)
)
"""The Gift card codes of each scoring type (so scoring a type looks at its own cards only)."""


def holders(hands: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """How many hands (players and the neutral player) hold at least one card of each type."""
    owners = [0] * N_TYPES
    for hand in hands:
        seen = [False] * N_TYPES
        for code in range(N_GIFTS):
            if hand[code]:
                seen[CARD_TYPE[code]] = True
        for t in range(N_TYPES):
            owners[t] += seen[t]
    return tuple(owners)


rule("nefertiti.two.neutral_third_owner")(holders)


def card_value(params: Params, card_type: int, owners: int) -> int:
    """The prestige of one card of a type when ``owners`` hands hold that type."""
    row = params.values[card_type]
    return row[min(max(owners, 1), len(row)) - 1]


def type_bonus(params: Params, hand: Sequence[int], card_type: int) -> int:
    """The sum of the foreign bonuses of the cards of ``card_type`` in ``hand`` (0 for normal cards)."""
    bonus = params.bonus
    total = 0
    for c in TYPE_CODES[card_type]:
        total += bonus[c] * hand[c]
    return total


rule("nefertiti.harbor.foreign_same_value", "nefertiti.harbor.foreign_not_distinguished")(type_bonus)


def gift_score(params: Params, hand: Sequence[int], owners: Sequence[int]) -> int:
    """Final scoring of one hand: each card is worth its type's value plus every foreign bonus of that type held."""
    total = 0
    for t in range(N_TYPES):
        units = 0
        for c in TYPE_CODES[t]:
            units += hand[c] * CARD_UNITS[c]
        if units:
            total += units * (card_value(params, t, owners[t]) + type_bonus(params, hand, t))
    return total


rule("nefertiti.harbor.foreign_bonus", "nefertiti.harbor.bonus_cumulative")(gift_score)


def selection_score(
    params: Params,
    hand: Sequence[int],
    chosen: Sequence[int],
    owners: Sequence[int],
    per_card: int,
    scribe_foreign_bonus: ScribeForeignBonus,
    senet_x2_scribe: SenetX2Scribe,
) -> int:
    """Scoring ``chosen`` (a sub-multiset of ``hand``) with a Scribe: value + bonus + ``per_card`` per card.

    ``scribe_foreign_bonus``: "held" (foreign bonuses of every card of the type held) or "scored_only" (of the chosen
    cards).
    ``senet_x2_scribe``: "two_cards" (the double senet earns the per-card bonus twice) or "one_card".
    """
    total = 0
    for code in range(N_GIFTS):
        n = chosen[code]
        if not n:
            continue
        t = CARD_TYPE[code]
        source = hand if scribe_foreign_bonus == "held" else chosen
        value = card_value(params, t, owners[t]) + type_bonus(params, source, t)
        units = CARD_UNITS[code]
        extra = per_card * (units if senet_x2_scribe == "two_cards" else 1)
        total += n * (units * value + extra)
    return total


def amon_priest_rank(scores: Sequence[int], debens: Sequence[int], seat: int, amon_priest_ties: AmonPriestTies) -> int:
    """The rank (1-based) of ``seat`` for the Amon Priest under a tie reading."""
    mine = scores[seat]
    if amon_priest_ties == "competition":
        return 1 + sum(1 for s in scores if s > mine)
    if amon_priest_ties == "dense":
        return 1 + len({s for s in scores if s > mine})
    if amon_priest_ties == "modified":
        return sum(1 for s in scores if s >= mine)
    key = (mine, debens[seat])
    return 1 + sum(1 for s, d in zip(scores, debens, strict=True) if (s, d) > key)


rule("nefertiti.amon_priest.bonus")(amon_priest_rank)


def amon_priest_bonus(
    params: Params, scores: Sequence[int], debens: Sequence[int], seat: int, amon_priest_ties: AmonPriestTies
) -> int:
    rank = amon_priest_rank(scores, debens, seat, amon_priest_ties)
    return params.amon_priest_bonus[rank - 1]


def amon_priest_field(
    state: NefState, base: Sequence[int], owners: Sequence[int]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The scores and Deben the Amon Priest ranks: the players', and with 2 players under NEF-030's ``neutral_ranks``
    the neutral player's too (its Gift cards scored as a third player's; it holds no Deben and no seals)."""
    scores, debens = tuple(base), tuple(state.deben)
    if state.params.neutral_pawns and readings_of(state.config).amon_priest_neutral == "neutral_ranks":
        scores += (gift_score(state.params, state.neutral_hand, owners),)
        debens += (0,)
    return scores, debens


_LAST_SCORED: Final[list[tuple[tuple[object, ...], tuple[int, ...]]]] = []
"""Read and written by ``final_scores`` only: the fields it last scored and the scores they gave. The strong player
asks for the scores after every step of its rollouts (``core.search``), mostly of states whose scored fields did not
change: then the answer is the last one (the scores are a function of these fields alone)."""


def final_scores(state: NefState) -> tuple[int, ...]:
    """Prestige already scored + gifts by the value table + Royal Seals + Deben; then the Amon Priest's bonus."""
    fields = (state.config, state.params, state.hands, state.neutral_hand, state.prestige, state.seals, state.deben,
              state.amon_priest)
    if _LAST_SCORED and _LAST_SCORED[0][0] == fields:
        return _LAST_SCORED[0][1]
    scores = _final_scores(state)
    if _LAST_SCORED:
        _LAST_SCORED[0] = (fields, scores)
    else:
        _LAST_SCORED.append((fields, scores))
    return scores


def _final_scores(state: NefState) -> tuple[int, ...]:
    p = state.params
    owners = holders((*state.hands, state.neutral_hand))
    base = [
        state.prestige[i]
        + gift_score(p, state.hands[i], owners)
        + state.seals[i] * p.seal_points
        + state.deben[i] // p.deben_per_point
        for i in range(state.config.players)
    ]
    if state.amon_priest >= 0:
        scores, debens = amon_priest_field(state, base, owners)
        base[state.amon_priest] += amon_priest_bonus(
            p, scores, debens, state.amon_priest, readings_of(state.config).amon_priest_ties
        )
    return tuple(base)


rule("nefertiti.end.final_scoring")(final_scores)


def ranking(scores: Sequence[int], debens: Sequence[int]) -> Ranking:
    """Most prestige wins; ties go to the player with the most Deben left."""
    keys = {i: (scores[i], debens[i]) for i in range(len(scores))}
    return rank_by_keys(keys, ("score", "nefertiti.end.tiebreak"))


rule("nefertiti.end.tiebreak")(ranking)
