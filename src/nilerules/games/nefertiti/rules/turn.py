"""A player's turn: a Character used or a Servant placed (the High Priest's extra placement), a stall's closing
condition, a market closed when no Servant is left, the turn passing on, and the end of the game after Akhenaton.
"""

from __future__ import annotations

from nilerules.core.registry import rule
from nilerules.games.nefertiti.actions import ForceClose, NefAction, Place
from nilerules.games.nefertiti.names import HARBOR, N_CHARS
from nilerules.games.nefertiti.rules import closing, neutral_pawns
from nilerules.games.nefertiti.rules.common import (
    _MAX_SQUARES,
    _SQUARE_RANGES,
    CLOSES,
    PLACES,
    USES,
    bump,
    evolve,
    n_players,
    open_markets,
    readings_of,
    remarket,
    with_market,
)
from nilerules.games.nefertiti.state import OPEN, P_NEUTRAL, P_OVER, P_TURN, Market, NefState


def after_akhenaton(state: NefState) -> NefState:
    """Under ``immediate`` the game is over; under ``markets_run_out`` the open markets are played out first."""
    if readings_of(state.config).end_of_game == "immediate" or not open_markets(state):
        return evolve(state, phase=P_OVER)
    return continue_turn(state)


def continue_turn(state: NefState) -> NefState:
    """After a step is fully resolved: more placements, the neutral pawn (2 players), or the next player."""
    if state.akh_drawn and (readings_of(state.config).end_of_game == "immediate" or not open_markets(state)):
        return evolve(state, phase=P_OVER)
    if state.placements_left > 0:
        return evolve(state, phase=P_TURN)
    if state.placements_left == 0 and n_players(state) == 2:
        state = evolve(state, placements_left=-1)
        if state.neutrals[state.to_move] > 0 and neutral_pawns.neutral_placements(state):
            return evolve(state, phase=P_NEUTRAL)
    return next_player(state)


def next_player(state: NefState) -> NefState:
    v = state.copy()
    v.phase = P_TURN
    v.to_move = (state.to_move + 1) % n_players(state)
    v.placements_left = 1
    v.placed_markets = ()
    v.char_used = False
    v.high_priest = False
    return v


def free_squares(state: NefState, m: int) -> tuple[int, ...]:
    pawns = state.markets[m].pawns
    n = len(squares_of(state, m))
    if not pawns and n <= _MAX_SQUARES:
        return _SQUARE_RANGES[n]
    taken = {p[0] for p in pawns}
    return tuple(i for i in range(n) if i not in taken)


def squares_of(state: NefState, m: int) -> tuple[int, ...]:
    if m == HARBOR:
        return state.params.harbor_squares
    market = state.markets[m]
    return state.params.stalls[m][market.stall].squares


def placeable_markets(state: NefState) -> tuple[int, ...]:
    out = list(open_markets(state))
    blocked = state.high_priest and (
        HARBOR in state.placed_markets or readings_of(state.config).high_priest_harbor == "no_harbor"
    )
    if state.markets[HARBOR].status == OPEN and not blocked:
        out.append(HARBOR)
    return tuple(out)


def servant_placements(state: NefState) -> tuple[NefAction, ...]:
    """A Servant goes on a free bid square of an open market or the Harbor (the High Priest's extra not there)."""
    if state.servants[state.to_move] <= 0:
        return ()
    out: list[NefAction] = []
    for m in placeable_markets(state):
        if m == HARBOR and state.high_priest and state.placements_left == 1 and state.placed_markets:
            continue
        out.extend(market_placements(state, m))
    return tuple(out)


rule("nefertiti.turn.place")(servant_placements)


def market_placements(state: NefState, m: int) -> tuple[Place, ...]:
    """``Place`` on each free square of market ``m`` (shared action values)."""
    market = state.markets[m]
    params = state.params
    n = len(params.harbor_squares if m == HARBOR else params.stalls[m][market.stall].squares)  # squares_of
    pawns = market.pawns
    if n > _MAX_SQUARES:
        return tuple(Place(m, sq) for sq in free_squares(state, m))
    row = PLACES[m]
    if not pawns:
        return row[:n]
    taken = 0
    for pawn in pawns:
        taken |= 1 << pawn[0]
    return tuple([row[sq] for sq in range(n) if not taken >> sq & 1])


def forced_closures(state: NefState) -> tuple[ForceClose, ...]:
    """No Servant left to place: close a market where you have Servants (readings cover the Harbor and 3-5 players)."""
    me = state.to_move
    readings = readings_of(state.config)
    neutral_too = readings.forced_close_neutral == "neutral_counts"  # NEF-028
    mine = tuple(
        m for m in open_markets(state) if any(p[1] == me and (neutral_too or not p[2]) for p in state.markets[m].pawns)
    )
    others_can_place = any(state.servants[p] > 0 for p in range(n_players(state)) if p != me)
    if n_players(state) > 2 and readings.no_servant_many_players == "pass" and others_can_place:
        return (CLOSES[0],)
    if mine:
        return tuple(CLOSES[m + 1] for m in mine)
    on_harbor = any(p[1] == me and not p[2] for p in state.markets[HARBOR].pawns)
    if on_harbor and (readings.forced_close_harbor == "distribute" or not others_can_place):
        return (CLOSES[HARBOR + 1],)
    return (CLOSES[0],)


rule("nefertiti.two.no_servant_left", "nefertiti.two.no_servant_regardless")(forced_closures)


def turn_actions(state: NefState) -> tuple[NefAction, ...]:
    """Use an available Character (one per turn, before placing), then place a Servant or close a market."""
    me = state.to_move
    out: list[NefAction] = []
    if not state.char_used and not state.placed_markets and state.seals[me] > 0:
        chars = state.chars
        out.extend(USES[c] for c in range(N_CHARS) if chars[c] > 0)
    placements = servant_placements(state)
    if placements:
        out.extend(placements)
    else:
        out.extend(forced_closures(state))
    return tuple(out)


rule("nefertiti.setup.usable")(turn_actions)


def place_servant(state: NefState, m: int, square: int) -> NefState:
    """Place a Servant; the first one placed in a market earns 1 Deben from it (the Harbor: a reading)."""
    me = state.to_move
    market = state.markets[m]
    earns = not market.pawns and market.deben > 0
    if m == HARBOR and readings_of(state.config).harbor_first_deben == "none":
        earns = False
    pawns = tuple(sorted((*market.pawns, (square, me, 0))))
    market = remarket(market, pawns=pawns, deben=market.deben - int(earns))
    markets = with_market(state.markets, m, market)
    deben = bump(state.deben, me, int(earns))
    servants = bump(state.servants, me, -1)
    left = state.placements_left - 1
    closes = m != HARBOR and market_closes(state, m, market)
    n = n_players(state)
    if not closes and left == 0 and not state.akh_drawn and n != 2:  # continue_turn goes to next_player: one copy
        v = state.copy()
        v.markets = markets
        v.deben = deben
        v.servants = servants
        v.phase = P_TURN
        v.to_move = (me + 1) % n
        v.placements_left = 1
        v.placed_markets = ()
        v.char_used = False
        v.high_priest = False
        return v
    state = evolve(
        state,
        markets=markets,
        deben=deben,
        servants=servants,
        placements_left=left,
        placed_markets=(*state.placed_markets, m),
    )
    return closing.start_resolution(state, m, final=False) if closes else continue_turn(state)


rule("nefertiti.turn.first_servant_deben")(place_servant)


def stall_closes(state: NefState, m: int) -> bool:
    """The active stall's closing condition (any of its alternatives) holds for the pawns on it."""
    return market_closes(state, m, state.markets[m])


rule(
    "nefertiti.two.neutral_counts_as_servant",
    "nefertiti.close.condition",
    "nefertiti.two.giza_three_colors",
)(stall_closes)


def market_closes(state: NefState, m: int, market: Market) -> bool:
    """``stall_closes`` for market ``m`` as given (before it is put into the state)."""
    stall = state.params.stalls[m][market.stall]
    pawns = market.pawns
    for kind, n in stall.conditions:
        if kind == "pawns" and len(pawns) >= n:
            return True
        if kind == "colors" and colour_count(state, pawns) >= n:
            return True
        if kind == "adjacent" and longest_run(tuple(p[0] for p in pawns)) >= n:
            return True
        if kind == "full" and len(pawns) >= len(stall.squares):
            return True
    return False


def longest_run(squares: tuple[int, ...]) -> int:
    best = run = 0
    prev = -2
    for sq in sorted(squares):
        run = run + 1 if sq == prev + 1 else 1
        best = max(best, run)
        prev = sq
    return best


def colour_count(state: NefState, pawns: tuple[tuple[int, int, int], ...]) -> int:
    servant_colours = {p[1] for p in pawns if not p[2]}
    if n_players(state) != 2:
        return len(servant_colours)
    neutral = [p[1] for p in pawns if p[2]]
    return neutral_pawns.colours_two_player(
        sum(1 for p in pawns if not p[2] and p[1] == 0),
        sum(1 for p in pawns if not p[2] and p[1] == 1),
        neutral.count(0),
        neutral.count(1),
        readings_of(state.config).neutral_three_colors,
    )


def force_close(state: NefState, m: int) -> NefState:
    """Close the chosen market at once (or distribute the Harbor, or pass); then place or not (a reading)."""
    again = m >= 0 and readings_of(state.config).forced_close_then_place == "then_place"
    state = evolve(state, placements_left=1 if again else 0)
    if m < 0:
        return continue_turn(state)
    return closing.start_resolution(state, m, final=False)
