"""Sobek's checks of the characters: the Queen, the powers with nothing to act on, the Courtesan, the High
Priest(ess), the Thief and the Scribes."""

from __future__ import annotations

from typing import Any

from nilerules.checks.kit import per_reading
from nilerules.checks.model import Budget, CheckResult
from nilerules.checks.registry import check
from nilerules.checks.sobek.search import in_play, result
from nilerules.games.sobek import rules
from nilerules.games.sobek.actions import (
    AddCard,
    ChooseBack,
    ChooseGoods,
    ChooseSet,
    ChooseTarget,
    PlayCharacter,
    Take,
)
from nilerules.games.sobek.game import SobekGame
from nilerules.games.sobek.names import CARD_NAMES
from nilerules.games.sobek.situations import (
    cards,
    code,
    default_of,
    params_of,
    plain_cards,
    situation,
    step,
    written,
)
from nilerules.games.sobek.state import (
    FIRST_CHAR,
    KINDS,
    SobekState,
)


@check("queen_draw")
def check_queen_draw(game: SobekGame, budget: Budget) -> CheckResult:
    """SOB-008 (``queen_draw``): Where does the Queen draw her cards from?"""
    queen = PlayCharacter(code("queen"))

    def play(state: SobekState, moves: list[Any]) -> str:
        after = step(game, state, queen, moves)
        return f"row {len(state.row)} -> {len(after.row)} cards, deck {sum(state.deck)} -> {sum(after.deck)} " \
               f"(+draws pending {len(after.draws)})"

    found = in_play(game, "queen_draw", 3, budget, lambda s: queen in game.legal_actions(s), play,
                    "A player plays the Queen")
    if found is not None:
        return found

    def run(reading: str) -> str:
        state = situation(game, 3, {"queen_draw": reading}, seats={0: {"hand": {"queen": 1}}})
        after = game.apply(state, PlayCharacter(code("queen")))
        return f"row {len(state.row)} -> {len(after.row)} cards, deck {sum(state.deck)} -> {sum(after.deck)} " \
               f"(+draws pending {len(after.draws)})"

    outcomes = per_reading(game, "queen_draw", run)
    return result(outcomes, "The first player holds the Queen at the start of round 1 and plays her.",
                  {"players": 3}, "one situation")


@check("queen_short")
def check_queen_short(game: SobekGame, budget: Budget) -> CheckResult:
    """Seeded play to a turn where the player holds the Queen and fewer cards are left to draw than she draws (the
    deck, or the row under ``queen_draw=market``): under one reading she is played, under the other she cannot be.
    Failing that, a hand-built turn of round 3 with the deck used up (its cards in the discard pile)."""
    queen = PlayCharacter(code("queen"))
    draws = params_of(game).queen_draws

    def short(state: SobekState) -> bool:
        return rules.queen_source(state) < draws and queen in game.legal_actions(state)

    def play(state: SobekState, moves: list[Any]) -> str:
        p = state.to_move
        if queen not in game.legal_actions(state):
            return f"the Queen cannot be played ({rules.queen_source(state)} card(s) left to draw, she draws " \
                   f"{draws}); {len(game.legal_actions(state))} legal actions"
        after = step(game, state, queen, moves)
        return f"the Queen is played: hand {sum(state.hands[p])} -> {sum(after.hands[p])} cards, draws pending " \
               f"{len(after.draws)}"

    found = in_play(game, "queen_short", 3, budget, short, play,
                    "A player holds the Queen when fewer cards are left in the deck than she draws")
    if found is not None:
        return found
    hand = {"hand": {"queen": 1}}

    def run(reading: str) -> str:
        readings = {"queen_short": reading}
        base = situation(game, 3, readings, seats={0: hand})
        used_up = {CARD_NAMES[t]: c for t, c in enumerate(base.deck) if c}
        state = situation(game, 3, readings, seats={0: hand}, discard=used_up, round=params_of(game).rounds,
                          deliveries_left=None)
        return play(state, [])

    outcomes = per_reading(game, "queen_short", run)
    return result(outcomes, "The first player holds the Queen in the last round, with the deck used up.", {},
                  "one situation")


@check("power_no_target")
def check_power_no_target(game: SobekGame, budget: Budget) -> CheckResult:
    """Seeded play to a turn where the player holds the Vizir, the Thief, a Scribe or the Courtesan and its power
    finds nothing to act on (no opponent's corruption pile, or hand, holding a card; no opponent over the Scribe's
    limit; no played set a card in hand fits): under one reading it is played and does nothing, under the other it
    cannot be played. Failing that, a hand-built first turn with the Vizir in hand and every corruption pile empty."""
    limit = params_of(game).scribe_limit
    powers = {rules.VIZIR_CARD: "Vizir", rules.THIEF_CARD: "Thief", rules.COURTESAN_CARD: "Courtesan",
              **{c: "Scribe" for c in rules.SCRIBE_CARDS}}
    nothing = {rules.VIZIR_CARD: "no opponent's corruption pile holds a card",
               rules.THIEF_CARD: "no opponent's hand holds a card",
               rules.COURTESAN_CARD: "no played set that a card left in hand may be added to",
               **{c: f"no opponent holds more than {limit} cards" for c in rules.SCRIBE_CARDS}}

    def idle(state: SobekState) -> int | None:
        """The first of these characters the player holds whose power finds nothing to act on."""
        p = state.to_move
        return next((c for c in powers if state.hands[p][c] and not rules.power_target(state, p, c)), None)

    def stuck(state: SobekState) -> bool:
        card = idle(state)
        return card is not None and PlayCharacter(card) in game.legal_actions(state)

    def play(state: SobekState, moves: list[Any]) -> str:
        p, card = state.to_move, idle(state)
        assert card is not None
        action = PlayCharacter(card)
        if action not in game.legal_actions(state):
            return f"the {powers[card]} cannot be played ({nothing[card]}); " \
                   f"{len(game.legal_actions(state))} legal actions"
        after = step(game, state, action, moves)
        kept = "unchanged" if _others_unchanged(state, after) else "changed"
        return f"the {powers[card]} is played and does nothing ({nothing[card]}): hand {sum(state.hands[p])} -> " \
               f"{sum(after.hands[p])} card(s), the opponents' hands and piles and the played sets {kept}"

    found = in_play(game, "power_no_target", 3, budget, stuck, play,
                    "A player holds the Vizir, the Thief, a Scribe or the Courtesan when its power finds nothing "
                    "to act on")
    if found is not None:
        return found
    hand = {"hand": {"vizir": 1}}

    def run(reading: str) -> str:
        state = situation(game, 3, {"power_no_target": reading}, seats={0: hand})
        return play(state, [])

    outcomes = per_reading(game, "power_no_target", run)
    return result(outcomes, "The first player holds the Vizir at the start of the game, every corruption pile "
                  "empty.", {}, "one situation")


def _others_unchanged(before: SobekState, after: SobekState) -> bool:
    """Whether the opponents' hands and corruption piles and every played set are the same before and after."""
    p = before.to_move
    others = [o for o in range(len(before.hands)) if o != p]
    return all(before.hands[o] == after.hands[o] and before.corruption[o] == after.corruption[o] for o in others) \
        and before.sets == after.sets


def set_names(game: SobekGame, state: SobekState) -> str:
    """The played sets a pending choice may name, in words (seat and index, as the moves name them)."""
    return ", ".join(f"seat {a.owner}'s set {a.index}" for a in game.legal_actions(state)
                     if isinstance(a, ChooseSet)) or "none"


def backs_of(game: SobekGame, state: SobekState) -> str:
    """The card backs the Thief may choose, by name."""
    return ", ".join(str(game.action_to_data(a)["back"]) for a in game.legal_actions(state)
                     if isinstance(a, ChooseBack)) or "none"


@check("courtesan_target")
def check_courtesan_target(game: SobekGame, budget: Budget) -> CheckResult:
    """SOB-015 (``courtesan_target``): Courtesan: whose played set?"""
    courtesan = PlayCharacter(code("courtesan"))

    def ready(state: SobekState) -> bool:
        if courtesan not in game.legal_actions(state):
            return False
        p = state.to_move
        hand = state.hands[p]
        return any(o != p and any(not x.horizontal and any(c and (state.params.kind[t] in (x.family, KINDS.index(
            "amulet"))) for t, c in enumerate(hand) if t != courtesan.card) for x in state.sets[o])
            for o in range(state.config.players))

    def play(state: SobekState, moves: list[Any]) -> str:
        after = step(game, state, courtesan, moves)
        targets = set_names(game, after) if after.pending is not None else "none"
        return f"sets the Courtesan can add to: {targets}"

    found = in_play(game, "courtesan_target", 3, budget, ready, play,
                    "A player plays the Courtesan while an opponent has a set her cards fit")
    if found is not None:
        return found
    opp_set = {"goods": "wheat", "cards": cards(game, "wheat", params_of(game).set_min)}

    def run(reading: str) -> str:
        state = situation(game, 2, {"courtesan_target": reading},
                          seats={0: {"hand": {"courtesan": 1, "wheat_scarabs": 1}}, 1: {"sets": [opp_set]}})
        after = game.apply(state, PlayCharacter(code("courtesan")))
        return "can add to the opponent's set" if after.pending is not None else "power does nothing"

    outcomes = per_reading(game, "courtesan_target", run)
    return result(outcomes, "The Courtesan with a Wheat card in hand; only the opponent has a (Wheat) set.", {},
                  "one situation")


@check("courtesan_match")
def check_courtesan_match(game: SobekGame, budget: Budget) -> CheckResult:
    """SOB-028 (``courtesan_match``): Courtesan: must the added cards be of the set's goods type?"""
    courtesan = PlayCharacter(code("courtesan"))

    def ready(state: SobekState) -> bool:
        return courtesan in game.legal_actions(state) and any(not x.horizontal for x in state.sets[state.to_move])

    def play(state: SobekState, moves: list[Any]) -> str:
        after = step(game, state, courtesan, moves)
        if after.pending is None:
            return "power does nothing (no card in hand fits a set)"
        return f"sets to add to: {set_names(game, after)}"

    found = in_play(game, "courtesan_match", 3, budget, ready, play,
                    "A player with a played set plays the Courtesan")
    if found is not None:
        return found
    played = {"goods": "wheat", "cards": cards(game, "wheat", params_of(game).set_min)}

    def run(reading: str) -> str:
        state = situation(game, 2, {"courtesan_match": reading},
                          seats={0: {"hand": {"courtesan": 1, "fish": 1}, "sets": [played]}})
        after = game.apply(state, PlayCharacter(code("courtesan")))
        if after.pending is None:
            return "power does nothing (no card fits the set)"
        after = game.apply(after, game.legal_actions(after)[0])
        adds = ", ".join(CARD_NAMES[a.card] for a in game.legal_actions(after) if isinstance(a, AddCard))
        return f"cards that can go onto the Wheat set: {adds or 'none'}"

    outcomes = per_reading(game, "courtesan_match", run)
    return result(outcomes, "The Courtesan with one Fish in hand; the player's only set is of Wheat.", {},
                  "one situation")


@check("priest_characters")
def check_priest_characters(game: SobekGame, budget: Budget) -> CheckResult:
    """SOB-021 (``priest_characters``): High Priest: must characters of that type go too?"""
    priests = [PlayCharacter(code("priest")), PlayCharacter(code("priestess"))]
    first_char = FIRST_CHAR

    def ready(state: SobekState) -> bool:
        legal = game.legal_actions(state)
        pile = state.corruption[state.to_move]
        return any(a in legal for a in priests) and any(pile[first_char:])

    def purge(state: SobekState, moves: list[Any]) -> str:
        legal = game.legal_actions(state)
        after = step(game, state, next(a for a in priests if a in legal), moves)
        pile = state.corruption[state.to_move]
        kind = state.params.kind[next(t for t in range(first_char, len(pile)) if pile[t])]
        after = step(game, after, ChooseGoods(kind), moves)
        return f"pile {sum(pile)} -> {sum(after.corruption[state.to_move])} card(s); a further choice: " \
               f"{after.pending is not None and after.pending.player == state.to_move}"

    found = in_play(game, "priest_characters", 3, budget, ready, purge,
                    "A player plays a High Priest(ess) with a character in the corruption pile and names its goods "
                    "type")
    if found is not None:
        return found
    def run(reading: str) -> str:
        state = situation(game, 2, {"priest_characters": reading}, seats={0: {"hand": {"priest": 1},
                                                       "corruption": {"fish": 1, "scribe_fish": 1}}})
        state = game.apply(game.apply(state, PlayCharacter(code("priest"))), ChooseGoods(KINDS.index("fish")))
        return f"pile {sum(state.corruption[0])} card(s) left; pending choice: {state.pending is not None}"

    outcomes = per_reading(game, "priest_characters", run)
    return result(outcomes, "The High Priest discards Fish from a pile holding a Fish and the Fish Scribe.", {},
                  "one situation")


@check("thief_backs")
def check_thief_backs(game: SobekGame, budget: Budget) -> CheckResult:
    """SOB-022 (``thief_backs``): Thief: what does a green back tell?"""
    thief = PlayCharacter(code("thief"))

    def robbed(state: SobekState) -> int:
        p = state.to_move
        return next(o for o in range(state.config.players) if o != p and any(
            c and state.params.green[t] for t, c in enumerate(state.hands[o])))

    def steal(state: SobekState, moves: list[Any]) -> str:
        after = step(game, step(game, state, thief, moves), ChooseTarget(robbed(state)), moves)
        return f"backs to choose from: {backs_of(game, after)}"

    def ready(state: SobekState) -> bool:
        if thief not in game.legal_actions(state):
            return False
        return any(o != state.to_move and sum(1 for t, c in enumerate(state.hands[o]) if c and state.params.green[t])
                   > 1 for o in range(state.config.players))

    found = in_play(game, "thief_backs", 3, budget, ready, steal,
                    "A player plays the Thief against an opponent holding green-backed cards")
    if found is not None:
        return found
    def run(reading: str) -> str:
        state = situation(game, 2, {"thief_backs": reading}, seats={0: {"hand": {"thief": 1}},
                                                   1: {"hand": {"wheat_green": 1, "cattle_green": 1}}})
        state = game.apply(game.apply(state, PlayCharacter(code("thief"))), ChooseTarget(1))
        return f"backs to choose from: {backs_of(game, state)}"

    outcomes = per_reading(game, "thief_backs", run)
    return result(outcomes, "The Thief robs a hand of two green-backed cards (a Wheat and a Cattle).", {},
                  "one situation")


@check("scribe_chooser")
def check_scribe_chooser(game: SobekGame, budget: Budget) -> CheckResult:
    """SOB-025 (``scribe_chooser``): Scribe: who picks the cards that go to corruption?"""
    scribes = [PlayCharacter(code("scribe_fish")), PlayCharacter(code("scribe_cattle"))]

    def ready(state: SobekState) -> bool:
        legal = game.legal_actions(state)
        return any(a in legal for a in scribes) and any(
            o != state.to_move and sum(state.hands[o]) > params_of(game).scribe_limit
            for o in range(state.config.players))

    def play(state: SobekState, moves: list[Any]) -> str:
        legal = game.legal_actions(state)
        after = step(game, state, next(a for a in scribes if a in legal), moves)
        assert after.pending is not None
        opp = after.pending.b
        return f"seat {after.pending.player} chooses which of seat {opp}'s {sum(after.hands[opp])} cards go, down " \
               f"to {params_of(game).scribe_limit}"

    found = in_play(game, "scribe_chooser", 3, budget, ready, play,
                    "A player plays a Scribe while an opponent holds more cards than the limit")
    if found is not None:
        return found
    limit = params_of(game).scribe_limit
    big = plain_cards(game, limit)
    big["ivory_scarabs"] = 1

    def run(reading: str) -> str:
        state = situation(game, 2, {"scribe_chooser": reading},
                          seats={0: {"hand": {"scribe_fish": 1}}, 1: {"hand": big}})
        state = game.apply(state, PlayCharacter(code("scribe_fish")))
        assert state.pending is not None
        return f"seat {state.pending.player} chooses the card that goes"

    outcomes = per_reading(game, "scribe_chooser", run)
    return result(outcomes, f"The Scribe against an opponent holding {limit + 1} cards, one over the limit of "
                  f"{limit}, among them a valued Ivory.", {"hand_limit": limit}, "one situation")


@check("merchant_corruption")
def check_merchant_corruption(game: SobekGame, budget: Budget) -> CheckResult:
    """Seeded play to a turn where the player may play the Merchant with more than one card along the Nile: the
    Merchant takes the last card of the row, and each reading says where the cards before it go. Failing that, a
    hand-built first turn with the Merchant in hand and a full row, written out."""
    merchant = PlayCharacter(code("merchant"))

    def ready(state: SobekState) -> bool:
        return state.pending is None and len(state.row) > 1 and merchant in game.legal_actions(state)

    def play(state: SobekState, moves: list[Any]) -> str:
        p, last = state.to_move, len(state.row) - 1
        after = step(game, step(game, state, merchant, moves), Take(last), moves)
        return f"the Merchant takes card {last + 1} of {len(state.row)} along the Nile: corruption pile " \
               f"{sum(state.corruption[p])} -> {sum(after.corruption[p])} card(s)"

    found = in_play(game, "merchant_corruption", 3, budget, ready, play,
                    "A player plays the Merchant with more than one card along the Nile and takes the last")
    if found is not None:
        return found

    def build(reading: str) -> SobekState:
        return situation(game, 3, {"merchant_corruption": reading}, seats={0: {"hand": {"merchant": 1}}})

    outcomes = per_reading(game, "merchant_corruption", lambda reading: play(build(reading), []))
    state = build(default_of(game, "merchant_corruption"))
    return result(outcomes, "The first player holds the Merchant at the start of the game and takes the last card "
                  "along the Nile with it.", written(game, state, (merchant, Take(len(state.row) - 1))),
                  "one situation")
