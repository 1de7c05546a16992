"""Every claim about the documents is checked (issue 19, item 1): a quote is verbatim in the document it names and
stands under the section it names; a span in quotation marks in a text for people is a quote; an audit "clear"
quotes the words that decide it. The matcher is tested on small texts written here, then run over every spec."""

from __future__ import annotations

import dataclasses

import pytest

from nilerules.citations import (
    ambiguity_problems,
    assumed_clear_problems,
    audit_problems,
    contradicted_problems,
    contradiction_problems,
    human_texts,
    quoted_problems,
    rule_problems,
    straight_problems,
    typed_results,
)
from nilerules.documents import Document, fold, load_documents, parts, quoted_spans, straight_quoted
from nilerules.specs import Spec
from tests.helpers import games, loaded

RULEBOOK = """Setup
Place all 40 of the Goods Crates within
easy reach of all the players. Each player's board is\u00a0set up.
Navigation
If you move your Boat to a space that shows a Coin, take one card from under that space and one Coin from the
stock. Ar-
tifacts are “sacred”.
"""


def test_fold_forgives_what_a_copy_changes_and_nothing_else() -> None:
    """White space and line breaks, typographic quotes, dashes and line-break hyphenation fold; words do not."""
    assert fold("all  40\nof the \u201cGoods\u201d \u2013 Crates") == 'all 40 of the "Goods" - Crates'
    doc = Document("rulebook.txt", RULEBOOK)
    assert doc.contains("Place all 40 of the Goods Crates within easy reach")
    assert doc.contains("Ar-tifacts are \"sacred\"")
    assert doc.contains("Each player's board is set up.")
    assert not doc.contains("Place all 40 Goods Crates")


def test_a_spliced_quote_is_not_verbatim_but_an_elided_one_is() -> None:
    """NA-008's old quote spliced two parts of a sentence; written with an elision, each part is found in order."""
    doc = Document("rulebook.txt", RULEBOOK)
    assert not doc.contains("take one Coin from the stock")
    assert doc.contains("take one […] Coin from the stock")
    assert doc.contains("take one [...] Coin from the stock")
    assert not doc.contains("Coin from the stock […] take one card")  # the parts must come in order
    assert parts("a […] b") == ("a", "b")


def test_a_quote_stands_under_its_section() -> None:
    """The last heading before the quote, or a heading inside it; a place in parentheses is not a heading."""
    doc = Document("rulebook.txt", RULEBOOK)
    heads = ("Setup", "Navigation")
    assert doc.stands_under("take one card from under that space", "Navigation", heads)
    assert not doc.stands_under("take one card from under that space", "Setup", heads)
    assert doc.stands_under("Setup Place all 40", "Setup", heads)
    assert doc.stands_under("easy reach", "(the component panel)", heads)
    assert doc.sections_of("Goods Crates", heads) == ("Setup",)


def test_markdown_headings_head_their_sections() -> None:
    """In a Markdown reference only '#' lines are headings, and a note after the heading's words is allowed."""
    doc = Document("reference/game.md", "# Title\n## A turn: exactly one action [src]\nDraw a tile.\nCards are many.\n")
    assert doc.stands_under("Draw a tile.", "A turn", ("A turn", "Cards"))
    assert doc.is_heading("A turn") and not doc.is_heading("Cards")


def test_spans_in_quotation_marks() -> None:
    """Typographic double quotes mark a quote; straight marks are told from apostrophes by the spaces around."""
    assert quoted_spans("the text says “all 40” and “each”") == ("all 40", "each")
    assert straight_quoted("the player's 'own collection' and \"that\" (players' boards)") == (
        "own collection",
        "that",
    )
    assert straight_quoted('the seed’s “one "neutral" player” is quoted as printed') == ()


@pytest.fixture(scope="module", params=games())
def spec_and_docs(request: pytest.FixtureRequest) -> tuple[Spec, dict[str, Document]]:
    spec = loaded(request.param).game.spec
    return spec, load_documents([*spec.seeds, *spec.references])


def test_every_rule_quote_is_verbatim_under_its_section(spec_and_docs: tuple[Spec, dict[str, Document]]) -> None:
    spec, docs = spec_and_docs
    assert rule_problems(spec, docs) == []


def test_every_finding_quote_is_verbatim_where_the_report_says(
    spec_and_docs: tuple[Spec, dict[str, Document]],
) -> None:
    """The document and section the report names for a finding's quote are where the quote stands (NEF-009 and
    NEF-010 quote the expansion, not the base game's reference; NA-007's quote stands under Offerings)."""
    spec, docs = spec_and_docs
    assert ambiguity_problems(spec, docs) == []


def test_the_checks_find_a_spliced_quote_and_a_wrong_section() -> None:
    """The checkers against a deliberately broken spec: NA-008's spliced quote back, NA-007 under another section."""
    spec = loaded("nile_artefacts").game.spec
    docs = load_documents([*spec.seeds, *spec.references])
    broken = dict(spec.ambiguities)
    broken["coin_stock"] = dataclasses.replace(broken["coin_stock"], quote="take one Coin from the stock")
    broken["deck_exhausted"] = dataclasses.replace(broken["deck_exhausted"], section="Round Setup")
    problems = ambiguity_problems(dataclasses.replace(spec, ambiguities=broken), docs)
    assert sorted(p.split(":")[0] for p in problems) == ["NA-007", "NA-008"]


def test_every_span_in_typographic_quotes_is_verbatim(spec_and_docs: tuple[Spec, dict[str, Document]]) -> None:
    """A span a text for people sets in “…” is found in a document of the spec."""
    spec, docs = spec_and_docs
    assert quoted_problems(human_texts(spec), docs) == []


def test_no_text_sets_a_span_in_straight_quotation_marks(spec_and_docs: tuple[Spec, dict[str, Document]]) -> None:
    """A quote goes in “…”, a reading name in backticks, a paraphrase in no quotation marks at all."""
    spec, _ = spec_and_docs
    assert straight_problems(human_texts(spec)) == []


def test_every_audit_clear_quotes_the_words_that_decide_it(spec_and_docs: tuple[Spec, dict[str, Document]]) -> None:
    """``"<question>: clear “<words>” — <how they decide it>"``, the words verbatim in a document of the spec."""
    spec, docs = spec_and_docs
    assert audit_problems(spec, docs) == []


def test_an_audit_clear_says_whether_it_rests_on_an_assumed_param(
    spec_and_docs: tuple[Spec, dict[str, Document]],
) -> None:
    """Issue 32, item 7: a clear on a rule that an assumed param governs names the param, saying why its words do not
    depend on it; the one that did (Nefertiti's Wandering Thief “must exchange it”, which holds only where an
    exchange is possible) is now ``assumed wandering_thief_no_exchange``."""
    spec, _ = spec_and_docs
    assert assumed_clear_problems(spec) == []


def test_a_clear_that_ignores_its_assumed_param_is_found() -> None:
    """The checker against a deliberately broken audit: the Wandering Thief's old clear, restored, is reported."""
    spec = loaded("nefertiti").game.spec
    rule = next(r for r in spec.rules if r.id == "nefertiti.wandering_thief.must_use")
    assert any(line.startswith("may_must: assumed wandering_thief_no_exchange") for line in rule.audit)
    old = ("may_must: clear “must use it immediately: they must exchange it” — the exchange is compulsory, and made "
           "at once, before the next bidder acts")
    broken = dataclasses.replace(rule, audit=(old,))
    problems = assumed_clear_problems(dataclasses.replace(spec, rules=(broken,)))
    assert [p.split(":")[0] for p in problems] == ["nefertiti.wandering_thief.must_use"] * 2
    assert "assumed wandering_thief_lowest_tie" in problems[0] and "assumed wandering_thief_no_exchange" in problems[1]


def test_every_reading_the_text_rules_out_quotes_the_words_that_do(
    spec_and_docs: tuple[Spec, dict[str, Document]],
) -> None:
    spec, docs = spec_and_docs
    assert contradicted_problems(spec, docs) == []


def test_a_heading_says_contradiction_only_when_the_finding_shows_one(
    spec_and_docs: tuple[Spec, dict[str, Document]],
) -> None:
    """Issue 32, item 7: a contradiction quotes a second passage besides its own quote (NEF-010 now quotes the
    reference's “When the Akhenaton card is drawn the game ends”); SOB-017 and SOB-023, whose reasons say the
    reference settles the seed's sentence rather than contradicting it, are ambiguities."""
    spec, docs = spec_and_docs
    assert contradiction_problems(spec, docs) == []


def test_a_contradiction_that_quotes_one_passage_is_found() -> None:
    """The checker against a deliberately broken finding: SOB-016 (seed “the player's starting hand is dealt from
    these” against the publisher's “At the start of every round”) without its source and reasons quotes only its own
    passage."""
    spec = loaded("sobek").game.spec
    amb = spec.ambiguities["green_deal"]
    assert amb.kind == "contradiction"
    docs = load_documents([*spec.seeds, *spec.references])
    bare = dataclasses.replace(amb, answered_by="", reason=("It is unclear.",))
    broken = dataclasses.replace(spec, ambiguities={"green_deal": bare})
    assert contradiction_problems(broken, docs) == [
        "SOB-016: its heading says contradiction, and it quotes no second passage"]
    assert contradiction_problems(dataclasses.replace(spec, ambiguities={"green_deal": amb}), docs) == []


def test_nef_014s_own_sentence_rules_out_no_neutral() -> None:
    """Issue 32, item 7: NEF-014 quotes “… and may exchange cards with the neutral player”; `no_neutral` (characters
    never touch the neutral player's cards) is marked ruled out by those words of its own quote."""
    amb = loaded("nefertiti").game.spec.ambiguities["royal_servant_neutral"]
    ruled_out = {r.name: r.contradicted for r in amb.readings if r.contradicted}
    assert list(ruled_out) == ["no_neutral"]
    (words,) = quoted_spans(ruled_out["no_neutral"])
    assert words == "may exchange cards with the neutral player" and words in amb.quote


def test_a_result_is_never_typed_into_a_findings_words(spec_and_docs: tuple[Spec, dict[str, Document]]) -> None:
    """“Z3 shows”, “proved”, “in N of M games”, “at least N”…: a sentence that reports a result carries the figure
    as a placeholder of the check's result, so an edited spec changes it or leaves it out."""
    spec, _ = spec_and_docs
    assert typed_results(spec) == []


def test_typed_results_are_found() -> None:
    """The checker against a deliberately broken wording: RA-005's old 'Z3 shows that running out takes at least
    two full auctions' is found; the same sentence with its figure as a placeholder is not."""
    spec = loaded("ra").game.spec
    amb = spec.ambiguities["supply_exhausted"]
    typed = dataclasses.replace(amb, reason=("Z3 shows that running out takes at least two full auctions.",))
    rendered = dataclasses.replace(amb, reason=("Z3 shows that running out takes {fewest_claims_traders} Traders.",),
                                   readings=amb.readings[:0])
    assert len(typed_results(dataclasses.replace(spec, ambiguities={"supply_exhausted": typed}))) == 1
    assert typed_results(dataclasses.replace(spec, ambiguities={"supply_exhausted": rendered})) == []


def test_result_words_inside_a_quotation_of_the_documents_are_not_typed_results() -> None:
    """NEF-015 quotes the seed's “At least 1 foreign Gift card was added to the Memphis Harbor.” (seed 004, Playing
    with the Memphis Harbor): those words are the rulebook's, not a result the report claims, so a placement quoting
    them (alone, or with the next condition “At least 4 …” in the same quotation, two sentences) is not flagged. The
    same words outside the quotation marks are, in the one sentence that has them."""
    spec = loaded("nefertiti").game.spec
    amb = spec.ambiguities["harbor_trigger_added"]
    second = "At least 4 foreign Gift cards are on the Memphis Harbor."

    def found(placement: str) -> list[str]:
        changed = dataclasses.replace(amb, placement=placement)
        return typed_results(dataclasses.replace(spec, ambiguities={"harbor_trigger_added": changed}))

    assert amb.quote == "At least 1 foreign Gift card was added to the Memphis Harbor."
    assert found(f"In place of the first condition (“{amb.quote}”).") == []
    assert found(f"In place of the two conditions, “{amb.quote} {second}” Then a rest.") == []
    outside = "Seeded play reached it in 3 of 5 games."
    assert found(f"In place of “{amb.quote}”. {outside}") == [
        f"NEF-015.placement: a result in typed words ('in 3 of 5'): {outside!r}"
    ]
    assert found(f"In place of the first condition, at least 1 card added; “{amb.quote}”") == [
        "NEF-015.placement: a result in typed words ('at least 1'): 'In place of the first condition, at least 1 card "
        "added;'"
    ]


def test_no_audit_question_is_left_open(spec_and_docs: tuple[Spec, dict[str, Document]]) -> None:
    """An audit answer "open — …" (a question the text does not decide, noted while the texts were rewritten) is
    turned into a finding or an assumed param before a game is done."""
    spec, _ = spec_and_docs
    assert [f"{r.id}: {line}" for r in spec.rules for line in r.audit if ": open — " in line] == []
