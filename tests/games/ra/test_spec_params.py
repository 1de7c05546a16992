"""Sun disks in an edited spec: the reference numbers them 1-16, one of each ('Sun disks numbered 1–16',
reference/ra.md). A disk beyond 16 or a repeated disk is refused at load with the key, never a crash in play."""

from __future__ import annotations

from pathlib import Path

import pytest

from nilerules.errors import SpecError
from nilerules.games import load_game
from nilerules.specs import bundled_spec_path


def edited(tmp_path: Path, old: str, new: str) -> Path:
    text = bundled_spec_path("ra").read_text(encoding="utf-8")
    assert text.count(old) == 1
    path = tmp_path / "ra.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


@pytest.mark.rules("ra.base.disks")
def test_a_disk_numbered_beyond_sixteen_is_a_spec_error(tmp_path: Path) -> None:
    """Disk 17 in the 5-player sets (found by a one-step edit: it crashed the bidding rules)."""
    with pytest.raises(SpecError, match=r"disk_sets\.value\.5\[0\]\[2\]"):
        load_game("ra", edited(tmp_path, "[2, 7, 16]", "[2, 7, 17]"))


@pytest.mark.rules("ra.base.disks")
def test_a_repeated_disk_is_a_spec_error(tmp_path: Path) -> None:
    """Disk 13 twice among the 5-player sets: the key and the repeated disk are named."""
    with pytest.raises(SpecError, match=r"disk_sets\.value\.5: each sun disk exists once; repeated: \[13\]"):
        load_game("ra", edited(tmp_path, "[2, 7, 16]", "[2, 7, 13]"))


@pytest.mark.rules("ra.base.disks")
def test_the_centre_disk_may_not_be_dealt_too(tmp_path: Path) -> None:
    """The centre disk (1) dealt to a player as well: refused for every player count that deals it."""
    with pytest.raises(SpecError, match=r"repeated: \[1\]"):
        load_game("ra", edited(tmp_path, "[[2, 5, 6, 9], [3, 4, 7, 8]]", "[[1, 5, 6, 9], [3, 4, 7, 8]]"))
