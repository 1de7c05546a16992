"""The edges files (issue 31, docs/edges.md): every game has one, it accounts for every rule and every (rule, kind)
its touches make applicable, and the loader detects each problem the schema names, in a deliberately broken file.

The broken files are checked against a small spec and document written here (a toy game), so each test shows one
problem and the loader's message for it; the expected problems are the schema's list (EDGES-SCHEMA.md, last
paragraph), not the loader's output.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from nilerules.documents import Document
from nilerules.errors import SpecError
from nilerules.spec_edges import KINDS, TOUCHES, VERDICTS, edges_path, load_edges, parse_edges
from nilerules.specs import Spec, bundled_spec_path, load_spec, parse_spec

GAMES = ("ra", "nile_artefacts", "sobek", "nefertiti")


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_valid_complete_edges_file(game: str) -> None:
    """specs/<game>.edges.toml exists, and loads: every non-flavour rule has an entry or a skip, every applicable
    (rule, kind) an edge, every decided quote is verbatim (the loader's checks)."""
    edges = load_edges(edges_path(game), load_spec(bundled_spec_path(game)))
    assert edges.game == game
    assert edges.edges


def test_a_missing_edges_file_is_an_error_naming_it(tmp_path: Path) -> None:
    """A game without its edges file fails with the file's path in the message."""
    spec = load_spec(bundled_spec_path("ra"))
    missing = tmp_path / "ra.edges.toml"
    with pytest.raises(SpecError, match=r"ra\.edges\.toml"):
        load_edges(missing, spec)


# -- a toy game: three rules (one flavour), one assumed param, one finding, one document ---------------------------
TOY_TEXT = (
    "Bidding\nEach player bids one sun. The highest bid wins the lot.\n"
    "Scoring\nEach monument scores 5 points. Ties are broken by the highest sun.\n"
    "Flavour\nThe sun rises over the Nile.\n"
)
TOY_SPEC = """
[meta]
id = "toy"
title = "Toy"
designers = ["Nobody"]
seeds = ["toy.txt"]

[[rules]]
id = "toy.bid"
seed = "toy.txt"
section = "Bidding"
quote = "The highest bid wins the lot."
summary = "Highest bid wins."
kind = "mechanical"

[[rules]]
id = "toy.score"
seed = "toy.txt"
section = "Scoring"
quote = "Each monument scores 5 points."
summary = "Monuments score."
kind = "mechanical"

[[rules]]
id = "toy.flavour"
seed = "toy.txt"
section = "Flavour"
quote = "The sun rises over the Nile."
summary = "Theme."
kind = "flavour"

[params.suns]
type = "int"
min = 1
max = 20
value = 16
provenance = "assumed"
source = "guessed"
description = "suns in play"
rules = ["toy.bid"]

[params.points]
type = "int"
min = 0
max = 9
value = 5
provenance = "seed"
source = "toy.txt"
description = "points a monument scores"
rules = ["toy.score"]

[ambiguities.tie]
code = "TOY-001"
title = "Tie"
kind = "ambiguity"
rules = ["toy.bid"]
quote = "The highest bid wins the lot."
default = "first"
wording = "The first highest bid wins."
[ambiguities.tie.readings.first]
description = "first"
[ambiguities.tie.readings.last]
description = "last"
"""
DOCS = {"toy.txt": Document("toy.txt", TOY_TEXT)}
GOOD = """
[[rule]]
id = "toy.bid"
touches = ["compares", "draws"]

[[rule]]
id = "toy.score"
touches = ["changes_quantity"]

[[edge]]
rule = "toy.bid"
kind = "tie"
verdict = "finding"
finding = "TOY-001"
probe = "true"
players = [2, 3]

[[edge]]
rule = "toy.bid"
kind = "exhausted"
verdict = "assumed"
param = "suns"
why = "16 suns never run out"
variant = { suns = 2 }

[[edge]]
rule = "toy.score"
kind = "below_zero"
verdict = "decided"
seed = "toy.txt"
quote = "Each monument scores 5 points."
why = "a monument only adds (“scores 5 points”), so the score cannot fall"
"""


def toy_spec() -> Spec:
    return parse_spec(TOY_SPEC, "toy.toml")


def problems(text: str) -> list[tuple[str, str]]:
    """The (key, what) problems the loader reports for an edges text of the toy game (none: it loads)."""
    try:
        parse_edges(text, toy_spec(), "toy.edges.toml", DOCS)
    except SpecError as exc:
        return list(exc.problems)
    return []


def test_the_good_toy_file_loads_with_its_counts() -> None:
    """The toy file loads; its counts are its three entries by hand: tie/finding, exhausted/assumed, below_zero/
    decided."""
    edges = parse_edges(GOOD, toy_spec(), "toy.edges.toml", DOCS)
    counts = edges.counts()
    assert set(counts) == set(KINDS) and all(set(v) == set(VERDICTS) for v in counts.values())
    assert (counts["tie"]["finding"], counts["exhausted"]["assumed"], counts["below_zero"]["decided"]) == (1, 1, 1)
    assert sum(sum(v.values()) for v in counts.values()) == 3
    assert edges.edge("toy.bid", "exhausted").variant == {"suns": 2}
    assert edges.edge("toy.bid", "tie").players == (2, 3)
    assert [r.kinds() for r in edges.rules] == [("tie", "exhausted"), ("below_zero",)]


def test_every_touch_implies_one_of_the_twelve_kinds() -> None:
    """The schema's table: 12 touches, 12 kinds, one each."""
    assert len(TOUCHES) == 12 and sorted(TOUCHES.values()) == sorted(KINDS) and len(set(KINDS)) == 12


def keys(found: list[tuple[str, str]]) -> list[str]:
    return [k for k, _ in found]


def test_a_rule_without_an_entry_or_skip_is_named() -> None:
    """Dropping toy.score's [[rule]] (and its edge): the rule is named as missing; the flavour rule is not."""
    text = GOOD.split('[[rule]]\nid = "toy.score"')[0] + GOOD.split('touches = ["changes_quantity"]')[1]
    text = text.split('[[edge]]\nrule = "toy.score"')[0]
    found = problems(text)
    assert [k for k in keys(found) if "toy.score" in k] == ["rule (toy.score)"]
    assert not any("toy.flavour" in k for k in keys(found))


def test_a_skipped_rule_needs_no_entry() -> None:
    """toy.score in [skip] with a reason: the file loads without its [[rule]]."""
    text = GOOD.split('[[rule]]\nid = "toy.score"')[0] + GOOD.split('touches = ["changes_quantity"]')[1]
    text = text.split('[[edge]]\nrule = "toy.score"')[0] + '\n[skip]\n"toy.score" = "reads and writes nothing"\n'
    assert problems(text) == []


def test_an_applicable_kind_without_an_edge_is_named() -> None:
    """toy.bid touches draws, so the 'exhausted' edge is required: removing it names the rule and the kind."""
    start = GOOD.index('[[edge]]\nrule = "toy.bid"\nkind = "exhausted"')
    end = GOOD.index('[[edge]]\nrule = "toy.score"')
    found = problems(GOOD[:start] + GOOD[end:])
    assert found == [("rule (toy.bid)", "no [[edge]] for kind 'exhausted' (its touches make it applicable)")]


def test_an_edge_kind_not_implied_by_the_touches_is_named() -> None:
    """A 'full' edge for toy.score (which only changes a quantity) is an error on that edge's kind."""
    extra = '\n[[edge]]\nrule = "toy.score"\nkind = "full"\nverdict = "unknown"\nsearched = "nothing"\n'
    found = problems(GOOD + extra)
    assert keys(found) == ["edge[3] (toy.score full).kind"]
    assert "not implied" in found[0][1]


def test_a_decided_quote_that_is_not_verbatim_is_named() -> None:
    """'Each monument scores 6 points.' is not in the document."""
    wrong = 'quote = "Each monument scores 6 points."'
    found = problems(GOOD.replace('quote = "Each monument scores 5 points."', wrong))
    assert keys(found) == ["edge[2] (toy.score below_zero).quote"]


def test_a_decided_entry_naming_a_document_the_spec_lacks_is_named() -> None:
    """seed = "other.txt" is not a seed or reference of the toy spec."""
    found = problems(GOOD.replace('seed = "toy.txt"', 'seed = "other.txt"'))
    assert keys(found) == ["edge[2] (toy.score below_zero).seed"]


def test_a_finding_code_that_does_not_exist_is_named() -> None:
    found = problems(GOOD.replace('finding = "TOY-001"', 'finding = "TOY-009"'))
    assert keys(found) == ["edge[0] (toy.bid tie).finding"]


def test_an_assumed_param_that_is_not_assumed_is_named() -> None:
    """'points' is a seed param, not an assumed one; 'nothing' is no param at all."""
    assert keys(problems(GOOD.replace('param = "suns"', 'param = "points"'))) == ["edge[1] (toy.bid exhausted).param"]
    assert keys(problems(GOOD.replace('param = "suns"', 'param = "nothing"'))) == ["edge[1] (toy.bid exhausted).param"]


def test_a_variant_outside_the_params_schema_is_named() -> None:
    """suns = 99 is over the param's max (20); 'moons' is not a param."""
    assert keys(problems(GOOD.replace("suns = 2", "suns = 99"))) == ["edge[1] (toy.bid exhausted).variant.suns"]
    assert keys(problems(GOOD.replace("suns = 2", "moons = 2"))) == ["edge[1] (toy.bid exhausted).variant.moons"]


def test_an_unknown_verdict_kind_or_touch_is_named() -> None:
    """'maybe' is no verdict, 'overflow' no kind, 'reads' no touch."""
    assert keys(problems(GOOD.replace('verdict = "finding"', 'verdict = "maybe"'))) == ["edge[0] (toy.bid tie).verdict"]
    found = problems(GOOD.replace('kind = "tie"', 'kind = "overflow"'))
    assert "edge[0] (toy.bid overflow).kind" in keys(found)
    assert ("rule (toy.bid)", "no [[edge]] for kind 'tie' (its touches make it applicable)") in found
    assert keys(problems(GOOD.replace('["changes_quantity"]', '["changes_quantity", "reads"]'))) == [
        "rule[1] (toy.score).touches"
    ]


def test_a_verdict_missing_its_keys_is_named() -> None:
    """A decided entry without 'why'; an unreachable one without 'proof'; a new question without its readings."""
    assert keys(problems(GOOD.replace('why = "a monument only adds', 'note = "a monument only adds'))) == [
        "edge[2] (toy.score below_zero).why"
    ]
    unreachable = GOOD.replace(
        'verdict = "assumed"\nparam = "suns"\nwhy = "16 suns never run out"\nvariant = { suns = 2 }',
        'verdict = "unreachable"',
    )
    assert keys(problems(unreachable)) == ["edge[1] (toy.bid exhausted).proof"]
    inline = GOOD.replace(
        'finding = "TOY-001"',
        'question = "Who wins a tie?"\ndefault = "first"\nwording = "The first wins."\nwhy = "open"',
    )
    assert keys(problems(inline)) == ["edge[0] (toy.bid tie).readings"]
    assert problems(inline.replace('question = "Who', 'readings = ["first", "last"]\nquestion = "Who')) == []


def test_a_span_in_typographic_quotes_must_be_verbatim() -> None:
    """The decided entry's why quotes “scores 5 points” (in the document); “scores 7 points” is not."""
    found = problems(GOOD.replace("“scores 5 points”", "“scores 7 points”"))
    assert keys(found) == ["edge[2] (toy.score below_zero).why"]
    proof = GOOD.replace(
        'verdict = "assumed"\nparam = "suns"\nwhy = "16 suns never run out"\nvariant = { suns = 2 }',
        'verdict = "unreachable"\nproof = "“Each player bids two suns.”"',
    )
    assert keys(problems(proof)) == ["edge[1] (toy.bid exhausted).proof"]


def test_a_duplicate_edge_and_a_double_listing_are_named() -> None:
    """The same (rule, kind) twice; a rule both listed and skipped."""
    dup = GOOD + '\n[[edge]]\nrule = "toy.bid"\nkind = "tie"\nverdict = "unknown"\nsearched = "seeded play"\n'
    assert keys(problems(dup)) == ["edge[3] (toy.bid tie)"]
    both = GOOD + '\n[skip]\n"toy.bid" = "nothing"\n'
    assert keys(problems(both)) == ["skip.'toy.bid'"]


def test_probe_options_without_a_probe_and_unknown_policies_are_named() -> None:
    """players without a probe is meaningless; 'smart' is no policy."""
    assert keys(problems(GOOD.replace('probe = "true"\n', ""))) == ["edge[0] (toy.bid tie)"]
    found = problems(GOOD.replace("players = [2, 3]", 'players = [2, 3]\npolicies = ["smart"]'))
    assert keys(found) == ["edge[0] (toy.bid tie).policies"]


def test_a_flavour_rule_listed_or_an_unknown_rule_is_named() -> None:
    """A [[rule]] for the flavour rule, and an edge for a rule the spec lacks."""
    found = problems(GOOD + '\n[[rule]]\nid = "toy.flavour"\ntouches = ["hidden"]\n')
    assert keys(found)[0] == "rule[2] (toy.flavour).id"
    found = problems(GOOD + '\n[[edge]]\nrule = "toy.nothing"\nkind = "tie"\nverdict = "unknown"\nsearched = "x"\n')
    assert keys(found) == ["edge[3] (toy.nothing tie).rule"]


def test_every_problem_is_collected_before_raising() -> None:
    """Three independent problems in one file: three problems in one error."""
    text = GOOD.replace('finding = "TOY-001"', 'finding = "TOY-009"').replace('param = "suns"', 'param = "points"')
    text = text.replace("scores 5 points.\"", "scores 6 points.\"")
    assert len(problems(text)) == 3


def test_not_toml_is_one_problem() -> None:
    assert keys(problems("[[edge]\n")) == [""]


# -- an edited spec (a what-if copy): the bundled edges file still loads ---------------------------------------------
def _sobek_copy(tmp_path: Path, rounds: int) -> Spec:
    """Sobek's spec with ``rounds`` edited, the two params whose length is ``rounds`` (deliveries per round)
    resized by repeating their last item, as an editor (and the what-if sweep) does."""
    text = bundled_spec_path("sobek").read_text(encoding="utf-8")
    for name, value in (("rounds", rounds), ("deliveries", [6] * rounds), ("deliveries_two_players", [5] * rounds)):
        at = text.index("\nvalue = ", text.index(f"\n[params.{name}]\n")) + 1
        text = text[:at] + f"value = {value}" + text[text.index("\n", at):]
    path = tmp_path / "sobek.toml"
    path.write_text(text, encoding="utf-8")
    return load_spec(path)


@pytest.mark.parametrize("rounds", [4, 2])
def test_an_edited_param_leaves_the_edges_file_loadable_and_says_which_variant_no_longer_fits(
    tmp_path: Path, rounds: int
) -> None:
    """Sobek with 4 (or 2) rounds: the edges file's two variants of 3 deliveries (sobek.edges.toml: `deliveries =
    [2, 2, 2]` and `deliveries_two_players = [2, 2, 1]`, one item a round of the bundled 3) no longer fit, since
    deliveries has one item a round (specs/sobek.toml `length = "rounds"`). The file loads; each of the two entries
    keeps its variant and says why it does not fit; no other entry is marked."""
    spec = _sobek_copy(tmp_path, rounds)
    assert spec.params["rounds"].value == rounds
    edges = load_edges(edges_path("sobek"), spec)
    unfit = {e.key: e for e in edges.edges if e.variant_unfit}
    assert sorted(unfit) == [("sobek.market.deliveries", "exhausted"), ("sobek.market.refill", "player_count")]
    deliveries = unfit[("sobek.market.deliveries", "exhausted")]
    assert deliveries.variant == {"deck_reformed": "once", "deliveries": [2, 2, 2]}
    assert deliveries.variant_unfit == (f"deliveries: expected a list of length {rounds}, found 3 items",)
    refill = unfit[("sobek.market.refill", "player_count")]
    assert refill.variant_unfit == (f"deliveries_two_players: expected a list of length {rounds}, found 3 items",)


def test_a_variant_that_does_not_fit_the_bundled_values_is_still_an_error() -> None:
    """The same entry with a variant of 2 deliveries against the bundled spec (3 rounds): the file is wrong, not an
    edit, so loading fails naming the variant's key."""
    text = edges_path("sobek").read_text(encoding="utf-8").replace("deliveries = [2, 2, 2]", "deliveries = [2, 2]")
    with pytest.raises(SpecError) as raised:
        parse_edges(text, load_spec(bundled_spec_path("sobek")), "sobek.edges.toml")
    assert [k for k, _ in raised.value.problems] == ["edge[9] (sobek.market.deliveries exhausted).variant.deliveries"]
