"""Ra (Reiner Knizia) for 2-5 players, with the Traders module (seed 000) as the ``traders`` module option."""

from __future__ import annotations

from nilerules.games.ra.game import RaGame
from nilerules.specs import Spec, bundled_spec_path, load_spec


def make_game(spec: Spec | None = None) -> RaGame:
    """The Ra game bound to ``spec`` (the bundled specs/ra.toml by default)."""
    return RaGame(spec if spec is not None else load_spec(bundled_spec_path("ra")))


__all__ = ["RaGame", "make_game"]
