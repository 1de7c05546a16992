"""Pictures as SVG text, drawn with matplotlib's SVG backend. Drawing only: the figures come from nilerules.analysis.

Every chart is deterministic: the same figures give the same bytes. matplotlib's element ids are hashes salted with
``svg.hashsalt``; the salt is the chart's own key, so two charts inlined in one page never share an id. No date is
written into the metadata, and text stays text (``svg.fonttype = none``), which keeps the files small.

matplotlib is imported when the first chart is drawn, not with this module: report.html draws its charts in the
worker processes (``html.page_model``), so the main process, and every command that only imports the report package,
never loads it.
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from nilerules.analysis.stats import Histogram

if TYPE_CHECKING:
    from matplotlib.figure import Figure

COLORS = ("#1f6fb4", "#d9661f", "#2a9a3a", "#b8332e", "#7b54a8", "#7f5a47")
"""One colour per reading or seat, in order (colour-blind-safe enough for two or three series)."""

_STYLE: dict[str, Any] = {
    "svg.hashsalt": "",
    "svg.fonttype": "none",
    "font.size": 9.0,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.titlesize": 10.0,
    "font.family": ["DejaVu Sans"],
}


_BACKEND_SET: list[bool] = []
"""Not empty once this process has chosen the Agg backend."""


def _matplotlib() -> Any:
    """matplotlib, imported on first use, with the Agg backend chosen once per process (no display, no GUI toolkit:
    the report is written on servers and in CI)."""
    import matplotlib

    if not _BACKEND_SET:
        matplotlib.use("Agg")
        _BACKEND_SET.append(True)
    return matplotlib


def _style(salt: str = "") -> Any:
    """The charts' settings, with ``salt`` as the SVG hash salt."""
    return _matplotlib().rc_context(dict(_STYLE, **{"svg.hashsalt": f"nilerules-{salt}"}))


def _svg(fig: Figure, salt: str) -> str:
    """The figure as an inline ``<svg>`` element (no XML prolog), deterministic for a given salt."""
    out = io.StringIO()
    with _style(salt):
        fig.savefig(out, format="svg", metadata={"Date": None, "Creator": None})
    text = out.getvalue()
    text = text[text.find("<svg") :]
    text = re.sub(r"\s*<metadata>.*?</metadata>", "", text, flags=re.DOTALL)
    # ids unique in the page: every id and every reference to one gets the chart's key as a prefix
    prefix = re.sub(r"[^A-Za-z0-9]+", "-", salt).strip("-") or "chart"
    text = re.sub(r'\bid="([^"]+)"', rf'id="{prefix}-\1"', text)
    text = re.sub(r"url\(#([^)]+)\)", rf"url(#{prefix}-\1)", text)
    text = re.sub(r'xlink:href="#([^"]+)"', rf'xlink:href="#{prefix}-\1"', text)
    return text.strip() + "\n"


def _figure(width: float, height: float, margins: tuple[float, float, float, float]) -> Figure:
    """A figure of ``width`` x ``height`` inches with fixed margins (left, right, bottom, top) in inches: a fixed
    layout draws once, where matplotlib's automatic layouts draw twice or more."""
    from matplotlib.figure import Figure

    left, right, bottom, top = margins
    with _style():
        fig = Figure(figsize=(width, height))
        fig.subplots_adjust(
            left=left / width, right=1 - right / width, bottom=bottom / height, top=1 - top / height
        )
        return fig


def distribution_chart(series: Sequence[tuple[str, Histogram]], title: str, xlabel: str, key: str) -> str:
    """Overlaid histograms (outlined steps, lightly filled), one per named series, on shared bins.

    Every histogram must have the same ``low`` and ``width`` (see ``stats.histogram(span=...)``).
    """
    with _style(key):
        fig = _figure(5.6, 2.5, (0.6, 0.1, 0.5, 0.3))
        ax = fig.add_subplot()
        for i, (name, hist) in enumerate(series):
            color = COLORS[i % len(COLORS)]
            edges = [hist.low - 0.5 + k * hist.width for k in range(len(hist.counts) + 1)]
            ax.stairs(hist.counts, edges, label=name, color=color, linewidth=1.6, fill=False)
            ax.stairs(hist.counts, edges, color=color, alpha=0.12, fill=True)
        ax.set_title(title, loc="left")
        ax.set_xlabel(xlabel)
        ax.set_ylabel("games × seats")
        ax.legend(frameon=False, fontsize=8)
    return _svg(fig, key)


@dataclass(frozen=True, slots=True)
class Bar:
    """One bar of a frequency chart: a share in [0, 1], its interval when known, and the group it is coloured by."""

    name: str
    share: float
    low: float | None = None
    high: float | None = None
    group: str = ""
    n: int | None = None
    """The games the share is counted over, written beside the bar (``62 % of 8``) when known."""


def frequency_chart(rows: Sequence[Bar], title: str, key: str, colors: Mapping[str, str] | None = None) -> str:
    """Horizontal bars, one per row (top to bottom), coloured by group (``colors``: group -> colour, also the legend's
    order; else the default colours in order of appearance), each with its interval as a thin line and its share
    written beside it, with the number of games it is counted over when known."""
    colors = colors or {}
    seen = list(dict.fromkeys(r.group for r in rows))
    groups = [g for g in colors if g in seen] + [g for g in seen if g not in colors]
    height = 0.95 + 0.19 * max(1, len(rows))
    with _style(key):
        fig = _figure(6.4, height, (0.75, 0.15, 0.5, 0.35))
        ax = fig.add_subplot()
        for g, group in enumerate(groups):
            ys = [y for y, r in enumerate(rows) if r.group == group]
            ax.barh(ys, [100.0 * rows[y].share for y in ys], color=colors.get(group, COLORS[g % len(COLORS)]),
                    height=0.7, label=group or None)
        for y, r in enumerate(rows):
            if r.low is not None and r.high is not None:
                ax.plot([100.0 * r.low, 100.0 * r.high], [y, y], color="#333333", linewidth=0.8)
            of = f" of {r.n}" if r.n is not None else ""
            ax.text(100.0 * (r.high if r.high is not None else r.share) + 1.0, y, f"{100.0 * r.share:.0f} %{of}",
                    va="center", fontsize=7)
        ax.set_yticks(range(len(rows)), [r.name for r in rows], fontsize=7)
        ax.invert_yaxis()
        ax.set_xlim(0, 112)
        ax.set_xlabel("% of n paired games in which the finding shows (line: 95 % interval)")
        ax.set_title(title, loc="left")
        if any(groups):
            ax.legend(frameon=False, fontsize=7, loc="lower right")
    return _svg(fig, key)
