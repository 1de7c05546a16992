"""Sobek (Bruno Cathala, 2010), modelled from seed 002 and the reference facts."""

from __future__ import annotations

from pathlib import Path

from nilerules.games.sobek.game import SobekGame
from nilerules.specs import Spec, bundled_spec_path, load_spec

__all__ = ["SobekGame", "make_game"]


def make_game(spec: Spec | None = None) -> SobekGame:
    """The Sobek game bound to ``spec`` (default: the bundled ``specs/sobek.toml``)."""
    return SobekGame(spec or load_spec(Path(bundled_spec_path("sobek"))))
