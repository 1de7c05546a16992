"""The single entry point for checks: `nox` runs typecheck, lint, tests, compiled and browser; `nox -s
golden|report|bench|explore|coverage` on demand."""

from __future__ import annotations

import os
import shutil

import nox

nox.options.sessions = ["typecheck", "lint", "tests", "compiled", "browser"]
nox.options.default_venv_backend = "uv|venv"  # uv when installed (README: pip install "nox[uv]"), else venv
nox.options.error_on_missing_interpreters = True

DEV = ".[dev]"


@nox.session
def typecheck(session: nox.Session) -> None:
    """mypy --strict on src/ and tools/."""
    session.install("-e", DEV)
    session.run("mypy", "--strict", "src", "tools")


@nox.session
def lint(session: nox.Session) -> None:
    """ruff over everything Python."""
    session.install("ruff>=0.5")
    session.run("ruff", "check", "src", "tests", "tools", "noxfile.py", "setup.py")


WORKERS = ("-n", "auto", "--dist", "worksteal")
"""pytest-xdist: one test process per core, idle workers steal queued tests (the slow state machines spread out)."""


@nox.session
def tests(session: nox.Session) -> None:
    """pytest on every core under coverage (branch coverage, fail under 90 %), CI Hypothesis profile; the dask extra
    is installed so the Dask cluster test runs. Tests marked ``slow`` (they play many games: ``pytestmark =
    pytest.mark.slow`` in their file) are left to ``compiled``, where a game costs about a fifth: nox runs both."""
    session.install("-e", ".[dev,dask,openspiel,pettingzoo]")  # the interop extras: tests/interop runs their suites
    session.env["NILERULES_HYPOTHESIS_PROFILE"] = "ci"
    # coverage's data files (one per process) go into the session's own folder under .nox/, never the checkout:
    # a failed run leaves the checkout as it was
    session.env["COVERAGE_FILE"] = os.path.join(session.create_tmp(), ".coverage")
    session.run("coverage", "erase")
    session.run("coverage", "run", "-m", "pytest", *WORKERS, "-m", "not slow", *session.posargs)
    session.run("coverage", "combine", "--quiet")
    session.run("coverage", "report", "--fail-under=90")


@nox.session
def compiled(session: nox.Session) -> None:
    """The mypyc-compiled build (what `pip install .` gives) runs the tests that play many games (``slow``, which
    ``tests`` leaves out) and the differential ones (golden playthroughs, fast paths, the build check): same source,
    same games. Between them, ``tests`` and ``compiled`` run every test (a file's ``pytestmark``, or a test's own
    marker, says which is which: tests/README.md).

    The golden playthroughs replay logged games and check their final digests, so this is a differential test of the
    compiled modules against the pure ones; tests/core/test_build.py checks that every hot module compiled.
    """
    session.env["NILERULES_EXPECT_COMPILED"] = "1"  # setup.py fails the install rather than fall back to pure Python
    session.install(".[dask,openspiel,pettingzoo]", "pytest>=8", "pytest-xdist>=3.5")
    session.env["NILERULES_HYPOTHESIS_PROFILE"] = "ci"
    session.run("pytest", "-p", "no:cacheprovider", *WORKERS, "-m", "slow or differential", *session.posargs)


@nox.session
def golden(session: nox.Session) -> None:
    """The golden playthroughs (tests/golden/test_golden.py, one test over every game). ``nox -s golden -- --regen``
    rewrites every golden file from its seed: only when the rules change on purpose, with the game's
    ``GameInfo.version`` bumped in the same commit; then read the diff (tests/README.md)."""
    session.install("-e", DEV)
    session.run("pytest", "-p", "no:cacheprovider", "tests/golden", *session.posargs)


@nox.session
def report(session: nox.Session) -> None:
    """Write report/ambiguities.md and report/findings.json with the default budget."""
    session.install("-e", ".")
    session.run("nilerules", "report", "--out", "report", *session.posargs)


@nox.session
def coverage(session: nox.Session) -> None:
    """Rule coverage (a developer's view, not in the report): rule id -> implementing function -> pinning tests."""
    session.install("-e", ".")
    session.run("python", "tools/coverage.py", *session.posargs)


@nox.session
def bench(session: nox.Session) -> None:
    """Random full games per second, per game and player count, on the compiled build (figures go into the notes).

    ``nox -s bench -- --reference DIR`` first times this build beside another one in the same run (DIR: a venv, or a
    checkout with its venv in DIR/.venv, where ``pip install .`` built the other commit), alternating between them,
    and prints the speed-up per game (``tools/bench.py``; ``--reference-only`` stops there)."""
    session.install(".")
    session.run("python", "tools/bench.py", *session.posargs)


@nox.session
def explore(session: nox.Session) -> None:
    """Long runs, within 30 minutes on 2 cores: the state machines and properties under the thorough Hypothesis
    profile on every core, the report with a larger budget, then every game over covering arrays of readings plus
    random combinations (figures in explore-results/: games played, rate, violations, new divergences); the fuzz suite
    of the command line's edge (tests/fuzz) under the explore profile; the what-if sweep over every numeric param of
    every spec (tests/whatif). On the compiled build (a regular install), where a game costs about half."""
    session.env["NILERULES_EXPECT_COMPILED"] = "1"
    session.install(".[dev,dask]")
    session.env["NILERULES_HYPOTHESIS_PROFILE"] = "explore"
    session.run("pytest", *WORKERS, "tests/stateful", "tests/property", "tests/conformance", *session.posargs)
    # the fuzz suite in one process, so that its closing line gives the figure: inputs tried, failures
    session.run("pytest", "-n", "0", "tests/fuzz", *session.posargs)
    # the what-if sweep: every numeric param of every spec edited, the report, queries and witnesses rerun on it
    session.run("pytest", *WORKERS, "tests/whatif", *session.posargs)
    session.run("python", "tools/explore.py")


def _chromium() -> str | None:
    """The Chromium binary to drive: NILERULES_CHROMIUM, else `chromium` on the PATH, else Debian's path."""
    for candidate in (os.environ.get("NILERULES_CHROMIUM"), shutil.which("chromium"), "/usr/bin/chromium"):
        if candidate and os.path.exists(candidate):
            return candidate
    return None


@nox.session
def browser(session: nox.Session) -> None:
    """report.html opened from file:// in headless Chromium: Debian's `chromium` package driven by Playwright (the
    PyPI package only; no browser is ever downloaded, and nox installs no system package). Screenshots go to
    artifacts/browser/.

    Without Chromium the session fails with one line saying what to install (`apt-get install chromium`, as
    .ci/run does), unless NILERULES_ALLOW_NO_BROWSER=1, which turns the failure into a loud skip.
    """
    chromium = _chromium()
    if chromium is None:
        message = "no Chromium found: install Debian's package (apt-get install chromium) or set NILERULES_CHROMIUM"
        if os.environ.get("NILERULES_ALLOW_NO_BROWSER") == "1":
            session.skip("BROWSER CHECKS SKIPPED: " + message + " (allowed by NILERULES_ALLOW_NO_BROWSER=1)")
        session.error(message)
    session.install("-e", ".[browser]")
    session.env["NILERULES_CHROMIUM"] = chromium
    session.env["NILERULES_BROWSER_REQUIRED"] = "1"
    session.run("pytest", "tests/browser", "-p", "no:cacheprovider", *session.posargs)
