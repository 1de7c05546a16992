"""Rendering findings for people (ambiguities.md, report.html) and machines (findings.json). No game logic here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from nilerules.analysis.runner import GameAnalysis
from nilerules.checks.model import Budget
from nilerules.core.files import write_set
from nilerules.report import html, markdown
from nilerules.report import json as json_report
from nilerules.report.wording import DOCUMENTS_PAGE


def report_files(analyses: Sequence[GameAnalysis], budget: Budget) -> dict[str, str]:
    """Every file of the report, by name, rendered in memory (add a renderer here to add a file to the set)."""
    return {
        "ambiguities.md": markdown.render(analyses, budget),
        "findings.json": json_report.render(analyses, budget),
        "report.html": html.render(analyses, budget),
        DOCUMENTS_PAGE: html.documents_page(analyses),
    }


def write_report(
    out: Path, analyses: Sequence[GameAnalysis], budget: Budget, extra: Mapping[str, str] | None = None
) -> tuple[Path, Path]:
    """Write the report's files into ``out`` (created if needed) as one set: every file is rendered and written to a
    temporary file first, then all are renamed into place, so a failure leaves the previous report whole.

    ``extra`` adds more files to the set (name -> text). Returns the paths of ``ambiguities.md`` and ``findings.json``.
    """
    files = report_files(analyses, budget)
    files.update(extra or {})
    paths = write_set(out, files)
    return paths["ambiguities.md"], paths["findings.json"]


__all__ = ["html", "json_report", "markdown", "report_files", "write_report"]
