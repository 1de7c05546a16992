"""Every sentence of every seed is accounted for; every quote is verbatim; every mechanical rule is pinned."""

from __future__ import annotations

import pytest

from nilerules.core.registry import unpinned_rules
from nilerules.specs import misquoted_rules, unaccounted_sentences
from tests.helpers import ROOT, SEEDS, games, loaded


def _seed_text(name: str) -> str:
    path = SEEDS / name if not name.startswith("reference/") else SEEDS.parent / name
    if not path.is_file():
        pytest.skip(f"seed {name} not found beside the checkout ({path})")
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("game_id", games())
def test_every_seed_sentence_is_catalogued(game_id: str) -> None:
    """Each sentence or line of the game's seed contains (or lies inside) a catalogued quote."""
    spec = loaded(game_id).game.spec
    for seed in spec.seeds:
        assert unaccounted_sentences(spec, seed, _seed_text(seed)) == ()


@pytest.mark.parametrize("game_id", games())
def test_every_quote_is_verbatim(game_id: str) -> None:
    """Quotes match the seed or reference text they cite (white space and quote marks folded)."""
    spec = loaded(game_id).game.spec
    for source in (*spec.seeds, *spec.references):
        assert misquoted_rules(spec, source, _seed_text(source)) == ()


@pytest.mark.parametrize("game_id", games())
def test_every_mechanical_rule_is_pinned_by_a_test(game_id: str) -> None:
    """Each mechanical rule id appears in some test's @pytest.mark.rules marker."""
    spec = loaded(game_id).game.spec
    assert unpinned_rules(spec, ROOT / "tests") == ()
