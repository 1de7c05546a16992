"""Issue 19 for Sobek: what the findings say about their results is rendered from the checks' figures (an edited spec
copy changes the sentences or leaves them out), titles state the question, and what a finding says of a source is in
that source.

Expected values are worked out by hand from the seed (54 goods cards, nine green-backed, nine characters, deliveries of
nine by the reference), from the edit (a track of 100 spaces, 0..99, against an early end above 60), or from the
reference's lines quoted here.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from nilerules.analysis.findings import rendered
from nilerules.checks import GameModule, load
from nilerules.checks.model import Budget, CheckResult
from nilerules.documents import Document, fold, quoted_spans, read_document
from tests.helpers import edited_game


@cache
def bundled() -> GameModule:
    return load("sobek")


def sentences(module: GameModule, ambiguity: str, result: CheckResult | None = None) -> tuple[str, ...]:
    """The wording, placement and reason of a finding as the report renders them from its check's figures."""
    amb = module.game.spec.ambiguities[ambiguity]
    result = result or module.checks[ambiguity](module.game, Budget.quick())
    return rendered(module.game.spec, (amb.wording, amb.placement, *amb.reason), result.data)


def reference() -> Document:
    return Document("reference/sobek.md", read_document("reference/sobek.md"))


@pytest.mark.rules("sobek.game_end.early")
def test_track_end_says_the_early_end_rules_stop_out_only_with_the_assumed_track() -> None:
    """SOB-005, bundled spec: the assumed track has 100 spaces (0..99) and the early end asks for more than 100
    points, so a stopped marker (on 99) never passes it; the reason says so with the assumed length."""
    said = " ".join(sentences(bundled(), "track_end"))
    assert ("With the assumed 100-space track, a marker stopped on its last space, 99, never has more than 100 "
            "points") in said
    assert "still has more than" not in said


@pytest.mark.rules("sobek.game_end.early")
def test_track_end_after_an_early_end_of_60_no_longer_says_the_text_decides(tmp_path: Path) -> None:
    """The issue's what-if, early_end_points 100 -> 60 in a spec copy: a marker stopped on 99 has more than 60, so
    the report shows ``stop`` applying (its outcome: more than 60 points) and must not say the text rules it out:
    no reading is marked, both are measured, and the reason's sentence flips."""
    module = edited_game(tmp_path, "sobek", early_end_points=60)
    result = module.checks["track_end"](module.game, Budget.quick())
    assert "more than 60 points: True" in dict(result.outcomes)["stop"]
    amb = module.game.spec.ambiguities["track_end"]
    assert amb.open_readings() == ("lap", "stop")
    said = " ".join(sentences(module, "track_end", result))
    assert "a marker stopped on its last space, 99, still has more than 60 points" in said
    assert "never has more than" not in said


@pytest.mark.rules("sobek.goods.total", "sobek.goods.deck")
def test_goods_total_is_titled_as_its_question_and_says_its_arithmetic_from_the_counts() -> None:
    """SOB-019: the document's arithmetic shows no contradiction (54 - 9 = 45; 45 + 9 characters = 54, six
    deliveries of 9), so the finding is not a contradiction, its title asks the question, and the figures of the
    reason come from the check (hand count above); ``green_extra`` (54 + 9 goods, 63 cards with the characters,
    7 deliveries) is the reading the text rules out, quoting the words that do."""
    amb = bundled().game.spec.ambiguities["goods_total"]
    assert amb.kind != "contradiction"
    assert amb.title.endswith("?") and "contradict" not in amb.title.lower()
    said = " ".join(sentences(bundled(), "goods_total"))
    assert "54 goods cards less the 9 green-backed ones leave 45" in said
    assert "with the 9 characters they make a deck of 54, 6 deliveries of 9" in said
    assert "the deck would hold 63 cards, 7 deliveries" in said
    marks = {r.name: r.contradicted for r in amb.readings}
    assert marks["listed"] == ""
    assert quoted_spans(marks["green_extra"]) == ("leaving 45 cards which are shuffled with the character cards to "
                                                  "form the deck",)


@pytest.mark.rules("sobek.goods.total")
def test_goods_total_sentences_follow_an_edited_card_list(tmp_path: Path) -> None:
    """An edited copy with 8 Ivory instead of 6 (56 goods cards): 56 - 9 = 47 goods left, 47 + 9 = 56 cards in the
    deck, which no longer make whole deliveries of 9 (56 / 9 = 6.22…)."""
    goods = {"ivory": 8, "ebony": 7, "marble": 7, "cattle": 9, "fish": 10, "wheat": 10, "amulet": 5}
    said = " ".join(sentences(edited_game(tmp_path, "sobek", goods_cards=goods), "goods_total"))
    assert "56 goods cards less the 9 green-backed ones leave 47" in said
    assert "a deck of 56, 6.22222 deliveries of 9" in said


@pytest.mark.rules("sobek.turn.next_player")
def test_round_start_reads_the_yucata_line_as_the_reference_gives_it() -> None:
    """SOB-018: the reference's Yucata line (a random choice among tied lowest scorers of who picks the next start
    player) presupposes that the lowest scorer picks; the finding quotes the line verbatim and no longer says that no
    source gives another rule."""
    amb = bundled().game.spec.ambiguities["round_start"]
    text = " ".join((amb.wording, *amb.reason))
    assert "no source gives" not in fold(text)
    yucata = [q for q in quoted_spans(text) if "lowest score" in q]
    assert yucata == ["several players tied for lowest score → random choice of who picks the next start player"]
    assert reference().contains(yucata[0])
    assert "the lowest scorer picks who starts the next round" in text


@pytest.mark.rules("sobek.end.penalty_move")
def test_penalty_on_number_says_the_proof_only_when_z3_gives_it() -> None:
    """SOB-003: the sentence on symbol spaces is rendered from the Z3 proof's bounds; a result without the proof
    (the figures left out, as when Z3 answers unknown) leaves the sentence out."""
    result = bundled().checks["penalty_on_number"](bundled().game, Budget.quick())
    said = " ".join(sentences(bundled(), "penalty_on_number", result))
    assert "Z3 proves that the readings agree on every symbol space 0..200 with 0..200 set points" in said
    amb = bundled().game.spec.ambiguities["penalty_on_number"]
    assert not any("Z3" in s for s in rendered(bundled().game.spec, tuple(amb.reason), {}))


@pytest.mark.rules("sobek.events.selection", "sobek.events.discarded")
def test_event_tokens_sentence_is_said_only_while_the_rounds_need_more_tokens_than_there_are(tmp_path: Path) -> None:
    """SOB-029: 3 rounds of 5 tokens need 15, more than the seed's 12 (hand count); with 4 tokens a round (12, not
    more than 12) the sentence is left out."""
    assert "3 rounds of 5 tokens (15) could not be drawn from the 12 there are" in " ".join(
        sentences(bundled(), "event_tokens_between_rounds"))
    edited = " ".join(sentences(edited_game(tmp_path, "sobek", events_per_round=4), "event_tokens_between_rounds"))
    assert "could not be drawn" not in edited


@pytest.mark.rules("sobek.events.deceit", "sobek.goods.two_players")
def test_wordings_render_the_numbers_of_the_spec(tmp_path: Path) -> None:
    """SOB-012's wording says the Curse's weight from params.curse_cards (2 in the seed, 3 in a copy); SOB-024's
    reason the deliveries the short round lacks, from the two-player deliveries of spec copies (2, 2, 1: one fewer;
    3, 3, 1: two; 2, 2, 2: no round is short, and the sentence is left out)."""
    assert "each Curse token counting as 2 cards" in sentences(bundled(), "deceit_curses")[0]
    for sub in ("a", "1", "2"):
        (tmp_path / sub).mkdir()
    copy = edited_game(tmp_path / "a", "sobek", curse_cards=3, deliveries_two_players=[3, 3, 1])
    assert "each Curse token counting as 3 cards" in sentences(copy, "deceit_curses")[0]
    assert "the short round has 2 delivery fewer" in " ".join(sentences(copy, "two_player_rounds"))
    for deliveries, said in (([2, 2, 1], "1 delivery fewer"), ([2, 2, 2], None)):
        module = edited_game(tmp_path / str(deliveries[-1]), "sobek", deliveries_two_players=deliveries)
        text = " ".join(sentences(module, "two_player_rounds"))
        assert (said in text) if said else ("delivery fewer" not in text)


def test_a_claim_checked_under_another_reading_fails() -> None:
    """The claims checker against deliberately wrong readings: SOB-018's claim for `rotate`'s wording (seat 1, left
    of round 1's start player, starts round 2; scores 10, 5, 0) fails under `lowest_score`, whose round 2 the lowest
    scorer, seat 2, starts (by hand); SOB-022's written Thief position shows a wheat back under `kind_known`, which
    the wording says is not there."""
    import dataclasses

    from nilerules.analysis.claims import claim_problems
    from nilerules.analysis.findings import make_finding

    game = bundled().game
    amb = game.spec.ambiguities["round_start"]
    finding = make_finding("sobek", amb, bundled().checks["round_start"](game, Budget.quick()), spec=game.spec)
    (claim,) = [c for c in amb.claims if c.reading == "rotate"]
    assert claim_problems(game, amb, claim, finding) == []
    (problem,) = claim_problems(game, amb, dataclasses.replace(claim, reading="lowest_score"), finding)
    assert problem == f"SOB-018 “{claim.says}”: seat 2 is to move there, not seat 1"
    thief = game.spec.ambiguities["thief_backs"]
    written = next(c for c in thief.claims if c.at == "position")
    assert claim_problems(game, thief, written, None) == []
    problems = claim_problems(game, thief, dataclasses.replace(written, reading="kind_known"), None)
    assert any('{"back":"wheat"} is a legal move there' in p for p in problems)


@pytest.mark.parametrize("ambiguity", ["green_deal", "event_tokens_between_rounds", "corruption_between_rounds",
                                       "sets_between_rounds", "goods_total"])
def test_the_between_rounds_claims_tell_their_readings_apart(ambiguity: str) -> None:
    """The claims about what passes between rounds run from a written end of round through the next round's set-up
    (its chance draws named): under the default they hold, and under the other reading they fail (a green-backed
    card dealt only under `every_round`, a used Flood drawn only under `all_back`, an opponent's old pile for the
    Vizir or an old set for the Courtesan only under `keep`; and SOB-019's round 3 with every listed card out of the
    deck, where the Queen draws nothing under `listed` and the nine extra cards under `green_extra`)."""
    import dataclasses

    from nilerules.analysis.claims import claim_problems

    game = bundled().game  # SOB-024's readings agree under the spec's data (proved): its claims are not here
    amb = game.spec.ambiguities[ambiguity]
    (claim,) = [c for c in amb.claims if c.at == "position"]
    assert claim_problems(game, amb, claim, None) == []
    (other,) = [r for r in amb.reading_names() if r != amb.default]
    assert claim_problems(game, amb, dataclasses.replace(claim, reading=other), None) != []


def test_every_source_a_finding_names_says_what_the_finding_quotes() -> None:
    """Issue 19, item 6: each ``answered_by`` of Sobek names the reference's page and quotes its words, verbatim in
    reference/sobek.md (SOB-002 and SOB-006 from BGA's lines, SOB-016 from the rulebook's deal, SOB-019 from the
    component list)."""
    doc = reference()
    answered = {a.code: a.answered_by for a in bundled().game.spec.ambiguities.values() if a.answered_by}
    assert sorted(answered) == ["SOB-002", "SOB-006", "SOB-016", "SOB-019"]
    for code, text in answered.items():
        quotes = quoted_spans(text)
        assert quotes, code
        assert all(doc.contains(q) for q in quotes), code


@pytest.mark.rules("sobek.goods.two_players")
def test_the_two_player_wording_says_the_deliveries_the_model_plays(tmp_path: Path) -> None:
    """SOB-024 (issue 32, item 5): the wording once said 'With two players, the last round is the short one' while the
    bundled data gives every 2-player round five deliveries (params.deliveries_two_players [5, 5, 5], the deck formed
    again every round) and six with more players ([6, 6, 6]); with the seed's nine removed cards it now says so. In a
    copy whose deck lasts the game ([2, 2, 2] and [2, 2, 1], the data before issue 20) it names each round's
    deliveries, the last the short one (the default, `last_short`, plays the list as written). By hand from the
    params."""
    (wording, *_) = sentences(bundled(), "two_player_rounds")
    assert wording == ("With two players, the 9 cards removed at set-up stay out of the game: 5 deliveries every "
                       "round (6 deliveries every round with more players).")
    old = edited_game(tmp_path, "sobek", deck_reformed='"once"', deliveries=[2, 2, 2], deliveries_two_players=[2, 2, 1])
    (wording, *_) = sentences(old, "two_player_rounds")
    assert wording == ("With two players, the 9 cards removed at set-up stay out of the game: 2, 2 and 1 deliveries "
                       "in rounds 1 to 3 (2 deliveries every round with more players).")
