"""The documents travel with the project: a fresh clone in an empty folder reads its own rule documents and passes
the tests that read them, with nothing outside the clone (no ``../shared``) and nothing skipped (issue 32)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from nilerules.documents import MissingDocument, documents_folder, load_documents, read_document
from nilerules.specs import load_spec
from tests.helpers import DOCUMENTS, ROOT, games

DOCUMENT_TESTS = ("tests/specs/test_quotes.py", "tests/specs/test_spec_catalogue.py")


def test_every_document_a_spec_names_is_in_the_checkout() -> None:
    """Each seed and reference file that a bundled spec names is a file under specs/documents/ (the folder the
    package reads in a checkout)."""
    assert documents_folder() == DOCUMENTS
    for game_id in games():
        spec = load_spec(ROOT / "specs" / f"{game_id}.toml")
        for name in (*spec.seeds, *spec.references):
            assert (DOCUMENTS / name).is_file(), name


def test_a_missing_document_is_an_error_that_names_it(tmp_path: Path) -> None:
    """A document that is not there is an error naming the file, never left out."""
    with pytest.raises(MissingDocument, match=r"'reference/nowhere\.md'"):
        load_documents(["reference/nowhere.md"], tmp_path)
    with pytest.raises(MissingDocument, match=r"'000_missing\.txt'"):
        read_document("000_missing.txt", tmp_path)


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_a_fresh_clone_passes_the_document_tests_alone(tmp_path: Path) -> None:
    """``git clone`` of this checkout into an empty folder, then the quote and catalogue tests run there with the
    clone's own source and documents: they pass and skip nothing (a skip would mean a document was looked for
    outside the clone)."""
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True, timeout=120)
    # the clone's own source first; no coverage measurement in it (its files are not this checkout's source)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH" and not k.startswith("COVERAGE")}
    env["PYTHONPATH"] = str(clone / "src") + os.pathsep + str(clone)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-o", "addopts=--strict-markers", "-rs", "-n", "0",
         *DOCUMENT_TESTS],
        cwd=clone, env=env, capture_output=True, text=True, timeout=600,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert " skipped" not in run.stdout, run.stdout[-3000:]
    assert " passed" in run.stdout
