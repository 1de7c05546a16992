"""Rule coverage, a developer's view: each catalogued rule -> the function implementing it -> the tests pinning it.

Run from a source checkout: ``python tools/coverage.py [GAME ...] [--tests DIR] [--unpinned]`` (or
``nox -s coverage``). Tests pin a rule with ``@pytest.mark.rules("<rule id>", ...)``. Not part of the editor's report:
it reads the test sources, which only a checkout has.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from nilerules.checks import load
from nilerules.core.registry import implementations, pinned_rules
from nilerules.errors import NileRulesError
from nilerules.games import GAME_IDS

ROOT = Path(__file__).resolve().parents[1]


def coverage_lines(game: str, tests_dir: Path, unpinned_only: bool = False) -> list[str]:
    """One line per catalogued rule of ``game``: id, kind, implementation, pinning tests; then a summary line."""
    spec = load(game).game.spec
    impls = implementations(game)
    pinned = pinned_rules(p for p in tests_dir.rglob("test_*.py") if p.is_file())
    lines = []
    counts = {"implemented": 0, "pinned": 0, "mechanical": 0}
    for entry in spec.rules:
        impl = impls.get(entry.id)
        tests = pinned.get(entry.id, ())
        counts["implemented"] += impl is not None
        counts["pinned"] += bool(tests)
        counts["mechanical"] += entry.kind == "mechanical"
        if unpinned_only and (tests or entry.kind != "mechanical"):
            continue
        where = f"{impl.module}.{impl.qualname}" if impl else "-"
        lines.append(f"{entry.id}  [{entry.kind}]  {where}  <- {', '.join(tests) or '-'}")
    lines.append(
        f"{game}: {len(spec.rules)} catalogued rules ({counts['mechanical']} mechanical); "
        f"{counts['implemented']} implemented; {counts['pinned']} pinned by tests under {tests_dir}"
    )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="List rule id -> implementing function -> pinning tests.")
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"games to list (default all: {', '.join(GAME_IDS)})")
    parser.add_argument("--tests", default=str(ROOT / "tests"), help="the tests folder (default: the checkout's)")
    parser.add_argument("--unpinned", action="store_true", help="list only mechanical rules no test pins")
    args = parser.parse_args(argv)
    tests_dir = Path(args.tests)
    unknown = [g for g in args.games if g not in GAME_IDS]
    if unknown:
        print(f"coverage: error: unknown game {unknown[0]!r} (one of {', '.join(GAME_IDS)})", file=sys.stderr)
        return 2
    if not tests_dir.is_dir():
        print(f"coverage: error: {str(tests_dir)!r} is not a folder", file=sys.stderr)
        return 2
    try:
        for game in args.games or GAME_IDS:
            print("\n".join(coverage_lines(game, tests_dir, args.unpinned)))
    except (NileRulesError, OSError, UnicodeDecodeError, SyntaxError) as exc:
        print(f"coverage: error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
