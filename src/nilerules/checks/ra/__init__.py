"""Ra (with the Traders module): one divergence check per ambiguity of ``specs/ra.toml``, each registered beside
itself (``@check``) in its theme's module, and the named queries (``QUERIES``), above the pure rules of
``nilerules.games.ra``, on the shared kit ``nilerules.checks.kit``; ``nilerules.games.ra.situations`` builds the
positions they and the rules tests need.

Every figure is read from the params of the config a check runs on (never typed), and every reading's outcome is
what replaying the witness under that reading gives. Witnesses are found in reachable play first (seeded playouts,
or scripted legal play from setup), each with its log from setup (``witness_log``); only when play does not meet the
situation within the budget is a position built by hand with the public position format (``constructed=True``).

Themes: ``ties`` (RA-001 to RA-003), ``supply`` (the crates, RA-004 to RA-007), ``turns`` (a turn's and an
auction's menus, RA-008, RA-009, RA-012), ``disasters`` (RA-010, RA-016), ``epochs`` (the end of an epoch, RA-011,
RA-013 to RA-015, RA-017).
"""

from __future__ import annotations

from nilerules.checks.ra import disasters, epochs, supply, ties, turns
from nilerules.checks.ra.queries import QUERIES

THEMES = (ties, supply, turns, disasters, epochs)
"""The modules whose checks register on import (``@check``)."""

__all__ = ["QUERIES", "THEMES"]
