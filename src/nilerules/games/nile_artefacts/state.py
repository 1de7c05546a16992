"""The state of a game of Nile Artefacts: one import point for the position and its records.

Cards are *kinds* (indices into ``Params.card_*``); the draw pile and the discard are count vectors over kinds (a
shuffled pile is a multiset), hands and river spaces are sorted tuples of kinds.

- ``records``: the constants, ``Params``, ``Note`` and ``NAStateRecord`` (the JSON form), read by the codec and so
  never compiled;
- ``position``: ``NAState``, the position the rules work on (compiled under a regular install), with ``evolve``.
"""

from __future__ import annotations

from nilerules.games.nile_artefacts.position import NAState, clone, evolve, from_record, make_state
from nilerules.games.nile_artefacts.records import (
    COND_DIFF,
    COND_EACH,
    COND_NAMES,
    COND_PAIR,
    COND_REGION,
    COND_SAME,
    COND_TWO_PLUS,
    COND_TYPE,
    N_REGIONS,
    N_TYPES,
    PH_BUY,
    PH_DEAL,
    PH_NAV,
    PH_OFFER,
    PH_OVER,
    PH_REVEAL,
    REGION_NAMES,
    STATE_FIELDS,
    TYPE_NAMES,
    ArtifactType,
    CardKind,
    Condition,
    MonumentId,
    NAStateRecord,
    Note,
    Params,
    PlayerId,
    Readings,
    Region,
    Space,
    readings_of,
)

__all__ = [
    "COND_DIFF",
    "COND_EACH",
    "COND_NAMES",
    "COND_PAIR",
    "COND_REGION",
    "COND_SAME",
    "COND_TWO_PLUS",
    "COND_TYPE",
    "N_REGIONS",
    "N_TYPES",
    "PH_BUY",
    "PH_DEAL",
    "PH_NAV",
    "PH_OFFER",
    "PH_OVER",
    "PH_REVEAL",
    "REGION_NAMES",
    "STATE_FIELDS",
    "TYPE_NAMES",
    "ArtifactType",
    "CardKind",
    "Condition",
    "MonumentId",
    "NAState",
    "NAStateRecord",
    "Note",
    "Params",
    "PlayerId",
    "Readings",
    "Region",
    "Space",
    "clone",
    "evolve",
    "from_record",
    "make_state",
    "readings_of",
]
