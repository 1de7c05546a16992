"""Setup, the rounds and the Rewards stage: the Monuments revealed and the Artifact cards dealt (the chance nodes and
their outcomes), completed Monuments scored and replaced, the First Player token passed, and the end of the game.

This module is compiled by mypyc in a regular install (see ``rules/__init__``: it reads the per-game tables of the
state's ``ctx`` and cites its rules with ``rule(...)(function)``).
"""

from __future__ import annotations

from fractions import Fraction

from nilerules.core import Config, draw_outcomes, rule
from nilerules.games.nile_artefacts.actions import Action
from nilerules.games.nile_artefacts.params import Params
from nilerules.games.nile_artefacts.rules.navigation import start_navigation
from nilerules.games.nile_artefacts.rules.offerings import end_offerings
from nilerules.games.nile_artefacts.rules.supply import add_note, draw_card, insert_card, refill
from nilerules.games.nile_artefacts.scoring import final_scoring
from nilerules.games.nile_artefacts.state import (
    PH_BUY,
    PH_DEAL,
    PH_OVER,
    PH_REVEAL,
    NAState,
    clone,
    ctx_of,
    pile_of,
)


# ------------------------------------------------------------------------------------------------ setup
@rule(
    "nile_artefacts.setup.coin_stock",
    "nile_artefacts.setup.artifact_pile",
    "nile_artefacts.setup.boats",
    "nile_artefacts.setup.scores",
    "nile_artefacts.setup.first_player",
)
def setup(config: Config, params: Params) -> NAState:
    """All Coins in the stock, all cards in the pile, Boats in the left Port facing right, seat 0 first."""
    n = config.players
    empty = (0,) * len(params.card_count)
    ctx = ctx_of(params, config)
    cards, given = pile_of(params.card_count, ctx)
    return NAState(
        config=config,
        params=params,
        phase=PH_REVEAL,
        round=0,
        first=0,
        to_move=0,
        pending=params.monuments_visible,
        cards=cards,
        discard=empty,
        board=((),) * (params.river_spaces + 2),
        hands=((),) * n,
        coins=(params.starting_coins,) * n,
        stock=params.coin_supply - n * params.starting_coins,
        boats=(0,) * n,
        facing=(1,) * n,
        docked=(False,) * n,
        turned=False,
        picks=0,
        buy_return=0,
        offering=(),
        altar=(),
        visible=(),
        levels=(),
        phase_levels=(),
        seen=frozenset(),
        pile=params.monuments_in_pile,
        scores=(0,) * n,
        final_round=0,
        notes=(),
        completed=((0,) * (params.top + 1),) * n,
        ctx=ctx,
        given_deck=given,
    )


# ------------------------------------------------------------------------------------------------ chance
@rule("nile_artefacts.setup.monuments_removed", "nile_artefacts.setup.monuments_visible")
def reveal_outcomes(state: NAState) -> tuple[tuple[Action, Fraction], ...]:
    """Each unseen Monument is equally likely (the 6 removed unseen are a uniform part of the unseen ones)."""
    reveals = state.ctx.reveals
    unseen = [m for m in range(len(reveals)) if m not in state.seen]
    return tuple((reveals[m], Fraction(1, len(unseen))) for m in unseen)


@rule("nile_artefacts.round_setup.draw")
def draw_card_outcomes(state: NAState) -> tuple[tuple[Action, Fraction], ...]:
    """A draw from the pile: each kind left, with probability count / cards left."""
    draws: tuple[Action, ...] = state.ctx.draws
    return draw_outcomes(state.deck, draws)


def chance_outcomes(state: NAState) -> tuple[tuple[Action, Fraction], ...]:
    if state.phase == PH_REVEAL:
        return reveal_outcomes(state)
    if state.phase == PH_DEAL or state.phase == PH_BUY:
        return draw_card_outcomes(state)
    return ()


def unseen_monument(state: NAState, pick: int) -> int:
    """The ``pick``-th unseen Monument (0-based, in order), for the chance sampler."""
    seen = state.seen
    for m in range(len(state.ctx.reveals)):
        if m not in seen:
            if not pick:
                return m
            pick -= 1
    raise ValueError("no such unseen Monument")


def drawn_kind(state: NAState, pick: int) -> int:
    """The kind of the ``pick``-th card of the pile (0-based, kinds in order, each repeated by its count): what
    ``sample_index(state.deck, rng)`` draws when the generator gives ``pick``."""
    cards = state.cards
    if not 0 <= pick < len(cards):
        raise ValueError("no such card in the pile")
    return cards[pick]


def apply_reveal(state: NAState, monument: int) -> NAState:
    """A new Monument with every Worshiper at the bottom; turning the pile's last card triggers the end."""
    s = clone(state)
    c = s.ctx
    if s.round > 0:
        s.pile -= 1
        if s.pile == 0 and not s.final_round:
            s.final_round = s.round + 1 if c.last_round_one_more else s.round  # NA-011 (last_round)
    s.visible = (*s.visible, monument)
    s.levels = (*s.levels, (0,) * c.players)
    s.seen = s.seen | {monument}
    s.pending -= 1
    if s.pending:
        return s
    if s.round == 0:
        return _start_round(s)
    return _end_round(s)


rule("nile_artefacts.rewards.replace", "nile_artefacts.setup.worshipers", "nile_artefacts.end.trigger")(apply_reveal)


def _start_round(s: NAState) -> NAState:
    s.round += 1
    s.phase = PH_DEAL
    s.pending = s.ctx.cards_per_round
    return _next_deal(s)


def _next_deal(s: NAState) -> NAState:
    if s.pending:
        refill(s, "nile_artefacts.round_setup.draw")
        if s.cards:
            return s
    return start_navigation(s)


def apply_deal(state: NAState, kind: int, at: int) -> NAState:
    """The drawn card goes under the space it names, next to any cards already there (``at``: where the pile holds
    a card of ``kind``, ``supply.card_at``)."""
    s = clone(state)
    space = s.ctx.card_space[kind]
    board = list(s.board)
    board[space] = insert_card(board[space], kind)
    s.board = tuple(board)
    draw_card(s, at)
    s.pending -= 1
    if s.pending and s.cards:  # more to draw from a pile that has cards: the next draw is due (no refill)
        return s
    return _next_deal(s)


rule("nile_artefacts.round_setup.place", "nile_artefacts.round_setup.accumulate")(apply_deal)


def rewards(s: NAState) -> NAState:
    """Completed Monuments (someone at the top level) score ``reward_points`` by level for every player (counted by
    level in ``completed``, for the score breakdown) and leave; refill to ``monuments_visible``."""
    c = s.ctx
    points = c.reward_points
    top = c.top
    scores = list(s.scores)
    visible: list[int] = []
    levels: list[tuple[int, ...]] = []
    shown = s.visible
    rows = s.levels
    for i in range(len(shown)):  # an index loop (compiled, zip(..., strict=True) is a generic call)
        monument = shown[i]
        row = rows[i]
        if any(level >= top for level in row):  # compiled, a loop (max(row) is a generic call)
            done = list(s.completed)
            for seat, level in enumerate(row):
                scores[seat] = scores[seat] + points[level]
                counts = list(done[seat])
                counts[level] = counts[level] + 1
                done[seat] = tuple(counts)
            s.completed = tuple(done)
        else:
            visible.append(monument)
            levels.append(row)
    need = min(c.monuments_visible - len(visible), s.pile)
    s.scores = tuple(scores)
    s.visible = tuple(visible)
    s.levels = tuple(levels)
    s.phase_levels = ()
    s.pending = need
    if need:
        s.phase = PH_REVEAL
        return s
    return _end_round(s)


rule("nile_artefacts.rewards.completed")(rewards)


def _end_round(s: NAState) -> NAState:
    """Pass the First Player token left; end the game after the last round (or at the model's round cap)."""
    c = s.ctx
    s.first = (s.first + 1) % c.players
    if s.final_round and s.round >= s.final_round:
        over = final_scoring(s, True)
        over.phase = PH_OVER
        return over
    if s.round >= c.max_rounds:
        detail = f"no end after {c.max_rounds} rounds: stopped by the model's cap"
        s.notes = add_note(s.notes, "no_progress", "nile_artefacts.ref.model_cap", detail)
        over = final_scoring(s, c.endless_game_score_at_cap)  # NA-012 (endless_game)
        over.phase = PH_OVER
        return over
    return _start_round(s)


rule("nile_artefacts.rewards.first_player", "nile_artefacts.ref.model_cap")(_end_round)



def close_offerings(s: NAState) -> NAState:
    """Every player has offered (the turn is back with the First Player): the offered cards are discarded, then the
    Rewards stage."""
    end_offerings(s)
    return rewards(s)
