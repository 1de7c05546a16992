"""Defaults follow the evidence (issue 32, item 6): where a source (a seed, or a reference fact tagged [src] or [seed])
gives or presupposes a reading, the spec marks that reading ``sourced``; the default is a sourced reading, a seed's
before a reference's (reference/README.md: "The seeds are the authority"), and a finding answered by a source has its
default sourced, or ``why_default`` says why not with the evidence. The checker reads the ``answered_by`` fields, the
``sourced`` tags and the reference files' own [src]/[impl]/[gap] tags; it is tested on deliberately broken copies of
the bundled specs (SOB-018's old default among them), then run over every spec with no exception."""

from __future__ import annotations

import dataclasses

import pytest

from nilerules.citations import default_source_problems, fact_tags, sources_of
from nilerules.documents import Document, load_documents
from nilerules.specs import Ambiguity, Spec
from tests.helpers import games, loaded


def spec_and_docs(game: str) -> tuple[Spec, dict[str, Document]]:
    spec = loaded(game).game.spec
    return spec, load_documents([*spec.seeds, *spec.references])


def with_ambiguity(spec: Spec, amb: Ambiguity) -> Spec:
    return dataclasses.replace(spec, ambiguities={**spec.ambiguities, amb.id: amb})


def with_reading(amb: Ambiguity, name: str, **changes: str) -> Ambiguity:
    readings = tuple(dataclasses.replace(r, **changes) if r.name == name else r for r in amb.readings)
    return dataclasses.replace(amb, readings=readings)


@pytest.mark.parametrize("game", games())
def test_every_default_follows_the_readings_a_source_gives(game: str) -> None:
    """Every finding of the four specs: no exception list."""
    spec, docs = spec_and_docs(game)
    assert default_source_problems(spec, docs) == []


def test_a_reference_fact_is_a_source_only_when_tagged_src_or_seed() -> None:
    """reference/ra.md, read by hand: the Pharaoh tie sentence stands in a list the paragraph “Then, for every player
    [src]:” opens; “the epoch ends at once” is tagged [impl] (a cross-check, not an authority); Sobek's row of 9 stands
    under “## The market [src]” though its paragraph ends in a [gap] sentence; a sentence of the Sobek file's
    introduction is untagged."""
    docs = load_documents(["reference/ra.md", "reference/sobek.md"])
    ra, sobek = docs["reference/ra.md"], docs["reference/sobek.md"]
    assert fact_tags(ra, "tied players all get the bonus or the penalty") == ("src", "src")
    assert fact_tags(ra, "the epoch ends at once") == ("impl",)
    assert fact_tags(sobek, "Cards are laid in a row of 9 along the Nile") == ("src",)
    assert fact_tags(sobek, "Seed 002 is a community summary of the rules") == ()
    assert sources_of("“the epoch ends at once”", docs) == ()
    assert sources_of("“ties share”", docs) == ("reference/ra.md",)


@pytest.mark.rules("sobek.turn.next_player")
def test_sob_018_under_its_old_default_is_reported() -> None:
    """The issue's example: SOB-018 recommended `rotate`, which no source gives, while the reference's Yucata line
    presupposes `lowest_chooses`; with that default back the checker names it, and a `why_default` quoting evidence
    (here the seed's sentence on play passing left) is what would let it stand."""
    spec, docs = spec_and_docs("sobek")
    amb = dataclasses.replace(spec.ambiguities["round_start"], default="rotate")
    assert default_source_problems(with_ambiguity(spec, amb), docs) == [
        "SOB-018: the default `rotate` is not what a source gives (`lowest_chooses`), and why_default does not say why"]
    unquoted = dataclasses.replace(amb, why_default="Play passes to the left.")
    assert default_source_problems(with_ambiguity(spec, unquoted), docs) != []
    said = dataclasses.replace(amb, why_default="“Then play passes to the player on your left.”")
    assert default_source_problems(with_ambiguity(spec, said), docs) == []


def test_a_seed_comes_before_a_reference() -> None:
    """NEF-010: the reference's base game ends when Akhenaton is drawn (`immediate`), seed 004 presupposes play after
    it (`markets_run_out`, the default); with `immediate` as the default the seed's reading is the one asked for."""
    spec, docs = spec_and_docs("nefertiti")
    amb = spec.ambiguities["end_of_game"]
    assert {r.name: sources_of(r.sourced, docs) for r in amb.readings} == {
        "immediate": ("reference/nefertiti.md",), "markets_run_out": ("004_93cbed8a01c4c37f.txt",)}
    flipped = dataclasses.replace(amb, default="immediate")
    assert default_source_problems(with_ambiguity(spec, flipped), docs) == [
        "NEF-010: the default `immediate` is not what a seed gives (`markets_run_out`), and why_default does not say "
        "why"]


def test_a_sourced_mark_must_quote_a_source_and_not_a_ruled_out_reading() -> None:
    """RA-011's `at_once` marked with its [impl] words is no source; RA-008's `forbidden` marked sourced while the
    text rules it out; SOB-002 answered by BGA's page with its default's mark removed."""
    spec, docs = spec_and_docs("ra")
    impl = with_reading(spec.ambiguities["last_ra"], "at_once", sourced="“the epoch ends at once”")
    assert default_source_problems(with_ambiguity(spec, impl), docs) == [
        "RA-011.at_once: marked sourced, but quotes no seed and no [src] fact of a reference"]
    ruled_out = with_reading(spec.ambiguities["god_takes_disaster"], "forbidden",
                             sourced="“not a God tile, not a Ra tile”")
    assert "RA-008.forbidden: marked sourced and ruled out by the text" in default_source_problems(
        with_ambiguity(spec, ruled_out), docs)
    spec, docs = spec_and_docs("sobek")
    bare = with_reading(spec.ambiguities["corrupt_all_tied"], "tied", sourced="")
    assert default_source_problems(with_ambiguity(spec, bare), docs) == [
        "SOB-002: answered by a source, but its default `tied` is not marked sourced"]

