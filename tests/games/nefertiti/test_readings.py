"""Nefertiti's readings in the rules (issue 15's items, issue 10's hangs on edited specs): each reading the text allows
reproduces the expansion's examples, the ones it rules out are marked; NEF-027 to NEF-031 branch as their readings say.

Expected values come from the expansion's sentences and examples, or hand counts (named).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from nilerules.core import CHANCE, playout
from nilerules.core.seeded import first_decision, under
from nilerules.errors import SpecError
from nilerules.games import load_game
from nilerules.games.nefertiti.actions import DrawCard, NeutralDeben, TakeCard, Target
from nilerules.games.nefertiti.cards import slot
from nilerules.games.nefertiti.names import (
    ABOU,
    AKH,
    AKHET,
    CARD_NAMES,
    CHAIR,
    GIZEH,
    GOLDWORK,
    HARBOR,
    HARP,
    LOUQSOR,
    MIRROR,
    N_GIFTS,
    NECKLACE,
    PAPYRUS,
    WT,
)
from nilerules.games.nefertiti.rules import characters, common, harbor, neutral_pawns, turn
from nilerules.games.nefertiti.situations import (
    harbor_example_doc,
    neutral_short_doc,
    situation,
    wandering_thief_bought_doc,
)
from nilerules.games.nefertiti.state import P_RESOLVE, NefState, evolve
from tests.helpers import spec_with_line_edited

GAME = load_game("nefertiti")


def under_reading(state: NefState, ambiguity: str, reading: str) -> NefState:
    """The same position under another reading of one ambiguity."""
    return evolve(state, config=under(GAME, state.config, ambiguity, reading))


RED_SERVANT_RED_NEUTRAL_BLACK_NEUTRAL = (1, 0, 1, 1)


BOTH_SERVANTS_ONE_NEUTRAL = (1, 1, 1, 0)


def _papyrus_sale(reading: str, players: int = 4) -> NefState:
    """Gizeh resolved with a papyrus on offer, seat 1 the bidder to buy, every Royal Seal held by the players."""
    seals = 12 + 2  # reference: '12 Royal Seals'; seed 004 contents: '2 Royal Seal tokens'
    doc = {
        "phase": "resolve",
        "markets": {"gizeh": {"cards": ["papyrus", "harp", "mirror"]}},
        "resolution": {"market": "gizeh", "bidders": [{"bid": 1, "seat": 1}], "taken": 0},
        "seats": {str(i): {"seals": seals // players + int(i < seals % players)} for i in range(players)},
    }
    return GAME.position(GAME.config(players, ("harbor",), {"papyrus_seal_supply": reading}), doc)


def _amon_end(reading: str, players: int = 2) -> NefState:
    """The end of a game: seat 0 holds the Amon Priest and nothing else; seat 1 and the neutral player a chair each."""
    doc = {
        "phase": "over",
        "amon_priest": 0,
        "seats": {"0": {"deben": 0}, "1": {"hand": {"chair": 1}}},
        "neutral_hand": {"chair": 1},
    }
    if players > 2:
        doc["seats"] = {"0": {"deben": 0}, "1": {"hand": {"chair": 1}}, "2": {"hand": {"chair": 1}}}
        del doc["neutral_hand"]
    config = GAME.config(players, ("characters",), {"amon_priest_neutral": reading})
    doc["deben_removed"] = GAME.position(config, {}).deben[0]  # seat 0's Deben leave the game (conservation)
    return GAME.position(config, doc)


def _buy_and_take_on(state: NefState, card: int) -> NefState:
    """Seat 1 takes the card on ``card``'s slot (the Wandering Thief card), makes its exchange with the lowest card of
    another market, then takes every further card it may, the first offered each time."""
    state = GAME.apply(state, TakeCard(card))
    state = GAME.apply(state, GAME.legal_actions(state)[0])
    while state.phase == P_RESOLVE and GAME.current_player(state) == 1:
        takes = [a for a in GAME.legal_actions(state) if isinstance(a, TakeCard)]
        if not takes:
            break
        state = GAME.apply(state, takes[0])
    return state


def _wandering_thief_purchase(reading: str, highest: bool = True) -> tuple[int, int]:
    """Seat 1 buys the Wandering Thief card at Gizeh, exchanges it, then takes every further card it may: the Gift
    cards it gained and the Deben it paid."""
    doc = wandering_thief_bought_doc(GAME)
    bid = doc["resolution"]["bidders"][0]["bid"]
    doc["resolution"]["bidders"] = [{"bid": bid, "seat": 1, "highest": highest}]
    state = GAME.position(GAME.config(3, (), {"wandering_thief_bought": reading}), doc)
    cards, deben = sum(state.hands[1][:N_GIFTS]), state.deben[1]
    state = _buy_and_take_on(state, slot(WT))
    return sum(state.hands[1][:N_GIFTS]) - cards, deben - state.deben[1]


def _sealed_wandering_thief_purchase(reading: str) -> tuple[int, int, int]:
    """Seat 1, the highest bidder at Gizeh, buys the Wandering Thief card lying on the sealed space, exchanges it, then
    takes every further card it may: the Gift cards, the Royal Seals it gained and the Deben it paid."""
    doc = wandering_thief_bought_doc(GAME)
    doc["markets"]["gizeh"]["cards"] = ["wandering_thief/sealed", "harp", "mirror"]
    state = GAME.position(GAME.config(3, (), {"wandering_thief_bought": reading}), doc)
    cards, seals, deben = sum(state.hands[1][:N_GIFTS]), state.seals[1], state.deben[1]
    state = _buy_and_take_on(state, slot(WT, sealed=True))
    return sum(state.hands[1][:N_GIFTS]) - cards, state.seals[1] - seals, deben - state.deben[1]


@pytest.mark.rules("nefertiti.two.giza_pattern_neutrals", "nefertiti.two.giza_pattern_servants")
def test_every_reading_the_text_allows_closes_both_listed_patterns() -> None:
    """The document lists '2 Servant pawns of different colors + 1 neutral pawn' and '2 neutral pawns of different
    colors + 1 Servant pawn' as 3 colours: every reading not marked contradicted counts 3 colours for both."""
    amb = GAME.spec.ambiguities["neutral_three_colors"]
    for reading in amb.readings:
        closes = [
            neutral_pawns.colours_two_player(c[0], c[1], c[2], c[3], reading.name) >= 3
            for c in (BOTH_SERVANTS_ONE_NEUTRAL, RED_SERVANT_RED_NEUTRAL_BLACK_NEUTRAL)
        ]
        assert (closes == [True, True]) == (reading.contradicted == ""), reading.name


@pytest.mark.rules("nefertiti.harbor.trigger_added", "nefertiti.harbor.example_no_new")
def test_harbor_example_no_new_card_means_no_distribution_and_since_last_is_contradicted() -> None:
    """The Harbor example: 4 foreign cards (added while no pawn was there), Black's pawn placed, the next refill adds
    none: 'so there is no distribution'. this_refill agrees; since_last distributes and is marked contradicted."""
    example = situation(GAME, 3, ("harbor",), harbor_example_doc(GAME))
    got = {}
    for reading in GAME.spec.ambiguities["harbor_trigger_added"].readings:
        after = harbor.harbor_check(under_reading(example, "harbor_trigger_added", reading.name))
        got[reading.name] = (after.phase == P_RESOLVE and after.res_market == HARBOR, bool(reading.contradicted))
    assert got == {"this_refill": (False, False), "since_last": (True, True)}
    assert GAME.invariants(example) == ()


@pytest.mark.rules("nefertiti.beggar.example_detail")
def test_beggar_example_uses_four_markets_so_open_only_is_contradicted() -> None:
    """The Beggar example acts on Gizeh, Akhet-Aton, Louqsor and Abou Simbel: four markets, while one market always
    lies under the Market Closed tile, so 'open markets only' is ruled out by the text."""
    amb = GAME.spec.ambiguities["beggar_markets"]
    assert {r.name: bool(r.contradicted) for r in amb.readings} == {"all_four": False, "open_only": True}
    state = first_decision(GAME, GAME.config(4), 0)
    assert len(common.open_markets(state)) == 3


def test_no_base_characters_plays_to_the_end(tmp_path: Path) -> None:
    """Issue 10: all five base_characters at 0 hung simulate; 'draw 6 at random' from an empty pool now draws none."""
    path = spec_with_line_edited(
        tmp_path,
        "nefertiti",
        r"^value = \{ high_priest = 2, treasurer = 2, thief = 2, royal_servant = 2, chief = 2 \}$",
        "value = { high_priest = 0, treasurer = 0, thief = 0, royal_servant = 0, chief = 0 }",
    )
    game = load_game("nefertiti", path)
    for modules in ((), ("characters",)):
        result = playout(game, game.config(4, modules), seed=3)
        assert not result.truncated and game.is_terminal(result.final)


def test_too_few_gift_cards_for_the_bottom_of_the_pile_is_a_spec_error(tmp_path: Path) -> None:
    """A deck that cannot put the bottom Gift cards under the pile is refused with a SpecError naming the key, and with
    every other problem of the same config (make_params collects them all)."""
    path = spec_with_line_edited(
        tmp_path,
        "nefertiti",
        r"^value = \{ senet = 5, senet_x2 = 3, harp = 8, chair = 8, mirror = 6, statuette = 6, necklace = 5, "
        r"goldwork = 5 \}$",
        "value = { senet = 0, senet_x2 = 0, harp = 0, chair = 0, mirror = 0, statuette = 0, necklace = 0, "
        "goldwork = 1 }",
    )
    game = load_game("nefertiti", path)
    with pytest.raises(SpecError, match="base_gifts"):
        game.setup(game.config(4))
    # 2 players: the removal of 5 senet and 3 senet x2 exceeds that deck too; one SpecError names every problem
    with pytest.raises(SpecError) as caught:
        game.params(game.config(2))
    assert sorted(key for key, _ in caught.value.problems) == [
        "params.base_gifts.value",
        "params.base_gifts.value.senet",
        "params.base_gifts.value.senet_x2",
        "params.two_player_removed_gifts.value.senet",
        "params.two_player_removed_gifts.value.senet_x2",
    ]


def test_random_play_under_every_trader_reading_ends() -> None:
    """Both Trader readings play whole scenario games with the invariants holding."""
    for r in ("all_markets", "open_only"):
        rng = random.Random(5)
        state = GAME.setup(GAME.config(4, ("scenario",), {"trader_markets": r}))
        while not GAME.is_terminal(state):
            action = (
                GAME.sample_chance(state, rng)
                if GAME.current_player(state) is CHANCE
                else rng.choice(GAME.legal_actions(state))
            )
            state = GAME.apply(state, action)
            assert GAME.invariants(state) == ()


@pytest.mark.rules("nefertiti.harbor.papyrus_seal", "nefertiti.priest.exchange")
def test_priest_papyrus_seal_per_reading_and_buying_always_brings_one() -> None:
    """'When a player buys a papyrus card ... they immediately gain the card and 1 Royal Seal token': under both
    readings a bought papyrus brings a seal; a papyrus taken with the Priest brings one only under with_seal."""
    base = first_decision(GAME, GAME.config(4, ("characters", "harbor")), 0)
    me = base.to_move
    got = {}
    for r in ("with_seal", "board_only"):
        s = under_reading(base, "priest_papyrus", r)
        got[r] = characters.priest_gain(s, me, PAPYRUS).seals[me] - s.seals[me]
        assert harbor.gain_card(s, me, PAPYRUS, from_board=True).seals[me] - s.seals[me] == 1
    assert got == {"with_seal": 1, "board_only": 0}


@pytest.mark.rules("nefertiti.two.neutral_deben", "nefertiti.two.neutral_deben_short")
def test_neutral_short_of_deben_targets_per_reading_and_the_full_action_agrees() -> None:
    """'Take 3 Deben ... and distribute 1 Deben to each other market': with enough Deben both readings give the one
    full action; short of Deben, only 'any_market' lets the resolved market (Gizeh) receive one back."""
    state = situation(GAME, 2, (), neutral_short_doc(GAME))
    rich = common.set_market(state, GIZEH, evolve(state.markets[GIZEH], deben=state.params.neutral_deben[0]))
    full = {}
    short = {}
    for r in ("any_market", "other_markets"):
        full[r] = [
            a
            for a in neutral_pawns.neutral_choices(under_reading(rich, "neutral_short_targets", r))
            if isinstance(a, NeutralDeben)
        ]
        choices = neutral_pawns.neutral_choices(under_reading(state, "neutral_short_targets", r))
        short[r] = any(isinstance(a, NeutralDeben) and GIZEH in a.targets for a in choices)
    assert full["any_market"] == full["other_markets"] == [NeutralDeben((LOUQSOR, AKHET, ABOU))]
    assert short == {"any_market": True, "other_markets": False}


@pytest.mark.rules("nefertiti.wandering_thief.take")
def test_wandering_thief_lowest_card_readings_agree_without_face_down_cards() -> None:
    """'the Gift card with the lowest maximum value': with every card face up both readings offer exactly the lowest
    cards; the situation with a face-down chair below them tells the readings apart (the check)."""
    params = first_decision(GAME, GAME.config(4), 0).params
    cards = (slot(CHAIR), slot(GOLDWORK), slot(NECKLACE))
    assert common.lowest_gifts(params, cards, False) == common.lowest_gifts(params, cards, True) == (slot(CHAIR),)
    down = (slot(CHAIR, down=True), slot(GOLDWORK), slot(NECKLACE))
    assert common.lowest_gifts(params, down, True) == ()
    assert set(common.lowest_gifts(params, down, False)) == {slot(GOLDWORK), slot(NECKLACE)}


@pytest.mark.rules("nefertiti.harbor.final_distribution")
def test_final_harbor_distribution_per_reading_of_nef_027() -> None:
    """'When the Akhenaton card is drawn, the final distribution ... is carried out immediately': with at least the
    threshold's number of cards both readings distribute; with fewer, only 'always' does."""
    params = GAME.params(GAME.config(3, ("harbor",)))
    foreign = [c for c in range(20) if params.bonus[c] > 0]

    def distributes(reading: str, cards: int) -> bool:
        base = situation(GAME, 3, ("harbor",), {})
        names = [CARD_NAMES[c] for c in foreign[:cards]]
        discard = {CARD_NAMES[c]: base.pile[c] - names.count(CARD_NAMES[c]) for c in range(20) if base.pile[c]}
        discard = {k: v for k, v in discard.items() if v}
        doc = {
            "markets": {"harbor": {"cards": names, "pawns": [{"square": 0, "seat": 0}]}},
            "bottom": ["akhenaton"],
            "bottom_ordered": True,
            "discard": discard,
            "phase": "refill",
            "refill": {"queue": ["louqsor"]},
        }
        state = GAME.position(GAME.config(3, ("harbor",), {"harbor_final_threshold": reading}), doc)
        after = GAME.apply(state, DrawCard(AKH))
        return bool(after.phase == P_RESOLVE and after.res_market == HARBOR)

    t = params.harbor_threshold
    assert {r: (distributes(r, t), distributes(r, t - 1)) for r in ("always", "threshold")} == {
        "always": (True, True),
        "threshold": (True, False),
    }


@pytest.mark.rules("nefertiti.two.no_servant_regardless", "nefertiti.two.neutral_counts_as_servant")
def test_forced_closure_per_reading_of_nef_028() -> None:
    """'the player chooses 1 of the markets where they have Servant pawns': under both readings the markets holding
    the player's Servants may be closed; a market holding only their neutral pawn only under 'neutral_counts'."""
    top = len(GAME.params(GAME.config(2)).stalls[GIZEH][0].squares) - 1
    mine = [{"square": sq, "seat": 0} for sq in range(4)]
    doc = {
        "markets": {
            "akhet_aton": {"pawns": mine},
            "gizeh": {"pawns": [{"square": top, "seat": 1}, {"square": 0, "seat": 0, "neutral": True}]},
        }
    }
    got = {}
    for r in ("servants_only", "neutral_counts"):
        state = GAME.position(GAME.config(2, (), {"forced_close_neutral": r}), doc)
        got[r] = {a.market for a in turn.forced_closures(state)}
    assert got == {"servants_only": {AKHET}, "neutral_counts": {AKHET, GIZEH}}


@pytest.mark.rules("nefertiti.harbor.papyrus_seal", "nefertiti.contents.seals")
def test_papyrus_with_empty_seal_supply_per_reading_of_nef_029() -> None:
    """'they immediately gain the card and 1 Royal Seal token': with all 14 seals held (hand count: the base game's
    12 and the expansion's 2), the buyer of a papyrus gets the card under both readings, and the seal (exactly 1) only
    under 'unlimited'; the seals stay conserved either way."""
    got = {}
    for reading in ("limited", "unlimited"):
        state = _papyrus_sale(reading)
        assert state.seal_supply == 0
        after = GAME.apply(state, TakeCard(slot(PAPYRUS)))
        assert after.hands[1][PAPYRUS] == state.hands[1][PAPYRUS] + 1
        assert GAME.invariants(after) == ()
        got[reading] = after.seals[1] - state.seals[1]
    assert got == {"limited": 0, "unlimited": 1}


@pytest.mark.rules("nefertiti.harbor.papyrus_seal")
def test_papyrus_with_seals_in_supply_brings_one_under_both_readings_of_nef_029() -> None:
    """With a seal left in the supply the readings agree: the papyrus brings exactly 1 seal (the sentence itself)."""
    for reading in ("limited", "unlimited"):
        doc = {
            "phase": "resolve",
            "markets": {"gizeh": {"cards": ["papyrus", "harp", "mirror"]}},
            "resolution": {"market": "gizeh", "bidders": [{"bid": 1, "seat": 1}], "taken": 0},
        }
        state = GAME.position(GAME.config(4, ("harbor",), {"papyrus_seal_supply": reading}), doc)
        after = GAME.apply(state, TakeCard(slot(PAPYRUS)))
        assert (after.seals[1] - state.seals[1], state.seal_supply - after.seal_supply) == (1, 1)


@pytest.mark.rules("nefertiti.harbor.papyrus_seal", "nefertiti.chars.thief")
def test_a_stolen_papyrus_with_empty_seal_supply_follows_nef_029_as_a_bought_one_does() -> None:
    """'bought, stolen or exchanged from the board': the Thief's papyrus, with all 14 seals held (as above), brings a
    seal only under 'unlimited', exactly as a bought one (the test above); the seals stay conserved."""
    got = {}
    for reading in ("limited", "unlimited"):
        doc = {
            "phase": "character",
            "character": {"active": "thief"},
            "markets": {"gizeh": {"cards": ["papyrus", "harp", "mirror"]}},
            "seats": {str(i): {"seals": 14 // 4 + int(i < 14 % 4)} for i in range(4)},
        }
        state = GAME.position(GAME.config(4, ("harbor",), {"papyrus_seal_supply": reading}), doc)
        assert state.seal_supply == 0
        after = GAME.apply(state, Target(GIZEH, slot(PAPYRUS)))
        assert after.hands[0][PAPYRUS] == state.hands[0][PAPYRUS] + 1 and GAME.invariants(after) == ()
        got[reading] = after.seals[0] - state.seals[0]
    assert got == {"limited": 0, "unlimited": 1}


@pytest.mark.rules("nefertiti.amon_priest.bonus", "nefertiti.two.neutral_player")
def test_amon_priest_with_the_neutral_player_per_reading_of_nef_030() -> None:
    """Hand count from the seed: a chair held by two owners is worth 7 (the foreign-card example, '7 + 1 + 2' with
    another player holding a chair), so the neutral player scores 7, seat 1 7 and its Deben, and seat 0 (no card, its
    Deben gone) 0 before the bonus. Ranked among the players seat 0 is 2nd ('2nd place 6'); with the neutral player
    ranked it is 3rd ('3rd place 9')."""
    got = {r: GAME.scores(_amon_end(r))[0] for r in ("players_only", "neutral_ranks")}
    assert got == {"players_only": 6, "neutral_ranks": 9}


@pytest.mark.rules("nefertiti.amon_priest.bonus")
def test_nef_030_changes_nothing_without_a_neutral_player() -> None:
    """With 3 players there is no neutral player: seat 0 (0 points, two players ahead) is 3rd under both readings,
    '3rd place 9'."""
    got = {r: GAME.scores(_amon_end(r, players=3))[0] for r in ("players_only", "neutral_ranks")}
    assert got == {"players_only": 9, "neutral_ranks": 9}


@pytest.mark.rules("nefertiti.wandering_thief.buyable", "nefertiti.close.highest")
def test_highest_bidder_buying_the_wandering_thief_per_reading_of_nef_031() -> None:
    """Hand count: Gizeh holds the Wandering Thief card, a harp and a mirror (no seal). Counted as one of the highest
    bidder's 'two Gifts', the card brings the exchanged Gift and leaves one more purchase: 2 Gift cards; not counted,
    the bidder still takes the harp and the mirror: 3. Either way the bid is paid once ('pays their bid')."""
    bid = wandering_thief_bought_doc(GAME)["resolution"]["bidders"][0]["bid"]
    got = {r: _wandering_thief_purchase(r) for r in ("one_of_two", "not_a_gift")}
    assert got == {"one_of_two": (2, bid), "not_a_gift": (3, bid)}


@pytest.mark.rules("nefertiti.wandering_thief.buyable", "nefertiti.close.following")
def test_following_bidder_buying_the_wandering_thief_gets_one_card_under_both_readings_of_nef_031() -> None:
    """A following bidder 'pays their bid for one Gift': buying the Wandering Thief card is that one purchase, and
    they gain the one Gift card its exchange brings, under both readings."""
    bid = wandering_thief_bought_doc(GAME)["resolution"]["bidders"][0]["bid"]
    got = {r: _wandering_thief_purchase(r, highest=False) for r in ("one_of_two", "not_a_gift")}
    assert got == {"one_of_two": (1, bid), "not_a_gift": (1, bid)}


@pytest.mark.rules(
    "nefertiti.wandering_thief.seal_stays", "nefertiti.wandering_thief.buyable", "nefertiti.close.highest"
)
def test_highest_bidder_buying_the_sealed_wandering_thief_takes_nothing_after_it() -> None:
    """Seed and reference: the seal 'stays on its space', so the Thief card carries it; the card is bought 'in the same
    way as they buy Gift cards', and the highest bidder 'takes two Gifts, or one Gift with the Royal Seal'. Hand count:
    the seal, the one Gift card its exchange brings, nothing more (the harp and mirror stay), the bid paid once; the
    same under both readings of NEF-031 (the seal, not the count of Gifts, ends the purchase)."""
    bid = wandering_thief_bought_doc(GAME)["resolution"]["bidders"][0]["bid"]
    got = {r: _sealed_wandering_thief_purchase(r) for r in ("one_of_two", "not_a_gift")}
    assert got == {"one_of_two": (1, 1, bid), "not_a_gift": (1, 1, bid)}


@pytest.mark.rules("nefertiti.wandering_thief.seal_stays", "nefertiti.close.highest")
def test_highest_bidder_cannot_take_the_sealed_wandering_thief_as_a_second_card() -> None:
    """Reference: 'two Gifts, or one Gift with the Royal Seal': after a first Gift card the sealed Thief card (like a
    sealed Gift) is not offered; the unsealed mirror is."""
    doc = wandering_thief_bought_doc(GAME)
    doc["markets"]["gizeh"]["cards"] = ["wandering_thief/sealed", "harp", "mirror"]
    state = GAME.position(GAME.config(3), doc)
    state = GAME.apply(state, TakeCard(slot(HARP)))
    takes = {a.slot for a in GAME.legal_actions(state) if isinstance(a, TakeCard)}
    assert takes == {slot(MIRROR)}
