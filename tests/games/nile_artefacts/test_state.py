"""Nile Artefacts' state module: the readings ``state.Ctx`` holds as flags for the hot path, each named after its
ambiguity and reading (issue 33)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from nilerules.games import load_game
from nilerules.games.nile_artefacts.state import Ctx

GAME = load_game("nile_artefacts")
SPEC = GAME.spec
STATE_SOURCE = Path(__file__).resolve().parents[3] / "src" / "nilerules" / "games" / "nile_artefacts" / "state.py"
"""The source of ``state.Ctx`` (read as text: the compiled build has no source to inspect)."""

FLAGS = {
    "type_scope_per_offering": ("type_scope", "per_offering"),
    "pair_mix_both_types": ("pair_mix", "both_types"),
    "card_sharing_split": ("card_sharing", "split"),
    "empty_offering_at_least_one": ("empty_offering", "at_least_one"),
    "deck_exhausted_reshuffle": ("deck_exhausted", "reshuffle"),
    "coin_space_extra_card": ("coin_space", "extra_card"),
    "port_start_literal": ("port_start", "literal"),
    "coin_stock_unlimited": ("coin_stock", "unlimited"),
    "last_round_one_more": ("last_round", "one_more"),
    "endless_game_score_at_cap": ("endless_game", "score_at_cap"),
}
"""By hand from specs/nile_artefacts.toml: each flag of Ctx, and the ambiguity and the reading that make it true."""


def bool_attributes(source: str, cls: str) -> list[str]:
    """The attributes that ``cls.__init__`` in ``source`` declares ``self.<name>: bool = ...``, in order."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef) and node.name == cls:
            for item in ast.walk(node):
                if (isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Attribute)
                        and isinstance(item.annotation, ast.Name) and item.annotation.id == "bool"):
                    found.append(item.target.attr)
    return found


def test_every_bool_of_ctx_is_a_flag_of_the_table() -> None:
    """The table is Ctx's whole set of reading flags: a bool added to ``Ctx`` under another name is missed by the
    tests below, so it fails here."""
    assert sorted(bool_attributes(STATE_SOURCE.read_text(encoding="utf-8"), "Ctx")) == sorted(FLAGS)


def test_the_bool_scan_sees_each_bool_attribute() -> None:
    """The scan is not blind: in a hand-written Ctx it finds the two bools, not the str, the tuple of bools, nor a
    bool of another class."""
    source = ("class Ctx:\n    def __init__(self, r):\n        self.kind: str = r.a\n"
              "        self.spaces: tuple[bool, ...] = ()\n        self.reshuffle: bool = r.b == 'x'\n"
              "        self.pair_mix_both_types: bool = r.c == 'y'\n\n\nclass Other:\n"
              "    def __init__(self):\n        self.flag: bool = True\n")
    assert bool_attributes(source, "Ctx") == ["reshuffle", "pair_mix_both_types"]


def test_each_flag_is_named_after_an_ambiguity_and_one_of_its_readings() -> None:
    """``<ambiguity id>_<reading>``, so that a search for the ambiguity's id finds the rules that branch on it."""
    assert [f for f, (a, r) in FLAGS.items() if f != f"{a}_{r}" or r not in SPEC.ambiguities[a].reading_names()] == []


@pytest.mark.parametrize(("amb", "reading"), [(a, r) for a in sorted(SPEC.ambiguities)
                                              for r in SPEC.ambiguities[a].reading_names()])
def test_each_flag_is_true_exactly_under_its_reading(amb: str, reading: str) -> None:
    """With one ambiguity under one reading (the others at their defaults), each flag is true exactly when the config
    chooses the flag's reading of the flag's ambiguity."""
    config = GAME.config(3, readings={amb: reading})
    ctx = Ctx(GAME.params(config), config)
    chosen = dict(config.readings)
    assert {f: chosen[a] == r for f, (a, r) in FLAGS.items()} == {f: getattr(ctx, f) for f in FLAGS}
