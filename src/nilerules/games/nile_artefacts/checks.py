"""Divergence checks, one per ambiguity (filled in below)."""

from __future__ import annotations

from nilerules.analysis.model import Check

CHECKS: dict[str, Check] = {}
