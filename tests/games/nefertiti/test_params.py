"""The records of Nefertiti's skeleton agree with the spec and with each other: the readings record, the code<->name
tables, the slot encoding."""

from __future__ import annotations

from nilerules.core.readings import fields_match
from nilerules.games import load_game
from nilerules.games.nefertiti.cards import (
    CARD_TYPE,
    CARD_UNITS,
    FOREIGN,
    slot,
    slot_code,
    slot_down,
    slot_face_down,
    slot_face_up,
    slot_sealed,
)
from nilerules.games.nefertiti.names import (
    CARD_NAMES,
    CHAR_NAMES,
    MARKET_KEYS,
    MARKET_NAMES,
    N_CHARS,
    N_CODES,
    N_TYPES,
    PHASE_NAMES,
    STATUS_NAMES,
    TYPE_NAMES,
    slot_name,
    slot_of,
)
from nilerules.games.nefertiti.params import Readings, readings_of
from nilerules.games.nefertiti.state import DONE, P_OVER

GAME = load_game("nefertiti")


def test_the_readings_record_has_one_field_per_ambiguity_of_the_spec() -> None:
    """Readings names every ambiguity of specs/nefertiti.toml, in spec order, and nothing else, each field typed with
    exactly the names of its readings in the spec."""
    assert fields_match(Readings, GAME.spec.ambiguities) == []
    assert list(Readings._fields) == list(GAME.spec.ambiguities)


def test_readings_of_gives_the_configs_own_readings() -> None:
    """Each field holds the reading the config chose (the defaults, and one changed)."""
    default = readings_of(GAME.config(4))
    assert default._asdict() == {a: amb.default for a, amb in GAME.spec.ambiguities.items()}
    changed = readings_of(GAME.config(4, (), {"end_of_game": "immediate"}))
    assert changed.end_of_game == "immediate" and changed._replace(end_of_game=default.end_of_game) == default


def test_the_code_tables_have_one_entry_per_code() -> None:
    """Card tables by card code, names by code: the same lengths (22 card codes, 9 types, 15 Characters, 5 markets,
    10 phases, 3 market statuses)."""
    assert len(CARD_NAMES) == len(CARD_TYPE) == len(CARD_UNITS) == len(FOREIGN) == N_CODES == 22
    assert len(TYPE_NAMES) == N_TYPES == 9 and len(CHAR_NAMES) == N_CHARS == 15
    assert len(MARKET_KEYS) == len(MARKET_NAMES) == 5
    assert len(PHASE_NAMES) == P_OVER + 1 and len(STATUS_NAMES) == DONE + 1
    assert [CARD_NAMES[c] for c in range(N_CODES) if FOREIGN[c]] == [n for n in CARD_NAMES if "_f" in n]


def test_the_slot_helpers_read_and_turn_a_card_lying_in_a_market() -> None:
    """A slot keeps its card, face and seal; turning it changes the face only; its name reads back to it."""
    for code in range(N_CODES):
        for down in (False, True):
            for sealed in (False, True):
                s = slot(code, down=down, sealed=sealed)
                assert (slot_code(s), slot_down(s), slot_sealed(s)) == (code, down, sealed)
                assert slot_face_up(s) == slot(code, sealed=sealed)
                assert slot_face_down(s) == slot(code, down=True, sealed=sealed)
                assert slot_of(slot_name(s), "card") == s
    assert slot_name(slot(CARD_NAMES.index("chair"), down=True, sealed=True)) == "chair/down/sealed"
