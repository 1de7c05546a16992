"""Writing files whole or not at all.

``write_atomic`` writes a temporary file in the target's folder, flushes and fsyncs it, then ``os.replace``s it into
place: a full disk, a file-size limit, Ctrl-C or a kill leaves either the old file or the new one, never a cut one.
``write_set`` does the same for several files of one folder (the report): every temporary file is written first, and
only then are they renamed, so a failure while writing leaves the previous set whole. ``check_writable`` refuses an
output path before the work starts.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

from nilerules.errors import NileRulesError


class OutputError(NileRulesError, OSError):
    """An output file or folder cannot be written (its parent is a file, no permission, disk full)."""


def _name(path: Path | str) -> str:
    return repr(str(path))[:200]


def _mode(path: Path) -> int:
    """The permissions a file written in place would have: the existing file's, else what the umask allows (a
    temporary file is private, 0600, and the report is meant to be shared)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0o022)
        os.umask(umask)
        return 0o666 & ~umask


def _write_temp(folder: Path, target: str, text: str) -> Path:
    """The text in a new temporary file beside ``target`` in ``folder``, flushed to disk."""
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{target}.", suffix=".tmp")
    try:
        os.fchmod(fd, _mode(folder / target))
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return Path(tmp)


def write_atomic(path: str | Path, text: str) -> Path:
    """Write ``text`` (UTF-8) to ``path`` whole or not at all; returns the path."""
    return write_set(Path(path).parent, {Path(path).name: text})[Path(path).name]


def write_set(folder: str | Path, files: Mapping[str, str]) -> dict[str, Path]:
    """Write each ``{name: text}`` into ``folder`` (created if needed) as one set: all temporary files are written
    and flushed before any is renamed into place. Returns ``{name: path}``."""
    folder = Path(folder)
    for name in files:
        if not name or Path(name).name != name:
            raise OutputError(f"not a plain file name: {_name(name)}")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot create the folder {_name(folder)}: {exc.strerror or type(exc).__name__}") from None
    temps: dict[str, Path] = {}
    try:
        for name, text in files.items():
            temps[name] = _write_temp(folder, name, text)
        for name, tmp in temps.items():
            os.replace(tmp, folder / name)
    except OSError as exc:
        for tmp in temps.values():
            with contextlib.suppress(OSError):
                tmp.unlink()
        raise OutputError(f"cannot write into {_name(folder)}: {exc.strerror or type(exc).__name__}") from None
    except BaseException:
        for tmp in temps.values():
            with contextlib.suppress(OSError):
                tmp.unlink()
        raise
    return {name: folder / name for name in files}


def check_writable(path: str | Path, *, folder: bool = False) -> None:
    """Refuse, before any work, an output that cannot be written: a file whose parent is not a writable folder, or
    (``folder=True``) a folder that exists as a file or whose nearest existing ancestor is not a writable folder."""
    path = Path(path)
    if folder:
        if path.exists() and not path.is_dir():
            raise OutputError(f"cannot write into {_name(path)}: it is a file, not a folder")
        probe = path
    else:
        if path.is_dir():
            raise OutputError(f"cannot write {_name(path)}: it is a folder")
        probe = path.parent
    while not probe.exists():
        if probe.parent == probe:
            break
        probe = probe.parent
    if not probe.is_dir():
        raise OutputError(f"cannot write {_name(path)}: {_name(probe)} is a file, not a folder")
    if not os.access(probe, os.W_OK | os.X_OK):
        raise OutputError(f"cannot write {_name(path)}: {_name(probe)} is not writable")


__all__ = ["OutputError", "check_writable", "write_atomic", "write_set"]
