"""Named queries."""

from __future__ import annotations

from nilerules.analysis.model import Query

QUERIES: dict[str, Query] = {}
