"""Rendering findings for people (ambiguities.md) and machines (findings.json). No game logic here."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from nilerules.analysis.model import Budget
from nilerules.analysis.runner import GameAnalysis
from nilerules.report import json as json_report
from nilerules.report import markdown


def write_report(out: Path, analyses: Sequence[GameAnalysis], budget: Budget) -> tuple[Path, Path]:
    """Write ``ambiguities.md`` and ``findings.json`` into ``out`` (created if needed)."""
    out.mkdir(parents=True, exist_ok=True)
    md, js = out / "ambiguities.md", out / "findings.json"
    md.write_text(markdown.render(analyses, budget), encoding="utf-8")
    js.write_text(json_report.render(analyses, budget), encoding="utf-8")
    return md, js


__all__ = ["json_report", "markdown", "write_report"]
