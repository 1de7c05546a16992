"""Files written whole: the permissions are those of a file written in place, not the temporary file's 0600."""

from __future__ import annotations

import os
from pathlib import Path

from nilerules.core.files import write_atomic, write_set


def test_a_new_file_gets_the_umask_permissions(tmp_path: Path) -> None:
    """With umask 022 a new report file is 0644 (readable by the editor's colleagues), as open() would make it."""
    old = os.umask(0o022)
    try:
        path = write_atomic(tmp_path / "findings.json", "{}\n")
    finally:
        os.umask(old)
    assert path.stat().st_mode & 0o777 == 0o644


def test_a_replaced_file_keeps_its_permissions(tmp_path: Path) -> None:
    """Replacing a file the user made 0640 keeps 0640, and the text is the new one."""
    target = tmp_path / "ambiguities.md"
    target.write_text("old\n", encoding="utf-8")
    target.chmod(0o640)
    write_set(tmp_path, {"ambiguities.md": "new\n"})
    assert (target.stat().st_mode & 0o777, target.read_text(encoding="utf-8")) == (0o640, "new\n")
