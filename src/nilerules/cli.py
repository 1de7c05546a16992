"""The `nilerules` command: argument parsing and file I/O only; every computation lives in the library.

Exit codes: 0 ok, 1 a check failed (regression, replay mismatch), 2 bad input. Errors are one line on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from nilerules.analysis.model import Budget
from nilerules.core.codec import to_data
from nilerules.core.log import log_from_json, log_to_json, replay
from nilerules.core.playout import POLICIES, playout, playout_log
from nilerules.errors import NileRulesError
from nilerules.games import GAME_IDS, GameModule, load

EXIT_OK, EXIT_CHECK_FAILED, EXIT_BAD_INPUT, EXIT_INTERNAL = 0, 1, 2, 3


class UsageError(NileRulesError):
    """Bad command-line arguments."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see --help)")


def _read(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise UsageError(f"cannot read {path}: not UTF-8 text") from None


def _emit(args: argparse.Namespace, data: Any, text: str) -> None:
    print(json.dumps(data, indent=2, sort_keys=True) if args.json else text)


def _spec_game(args: argparse.Namespace) -> str:
    """The game named on the command line, or the one the --spec file is for."""
    game = getattr(args, "game", None)
    if game:
        return str(game)
    if args.spec:
        from nilerules.specs import load_spec

        return load_spec(args.spec).game
    raise UsageError("name a game (or pass --spec)")


def _module(args: argparse.Namespace, game: str | None = None) -> GameModule:
    return load(game or _spec_game(args), args.spec)


def _readings(items: Sequence[str]) -> dict[str, str]:
    out = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name or not value:
            raise UsageError(f"--reading {item!r}: expected AMBIGUITY=READING")
        out[name] = value
    return out


def _execution(args: argparse.Namespace) -> Any:
    """Where the command's games and checks run (--jobs, --scheduler or NILERULES_SCHEDULER) and whether a progress
    bar may show (not with --quiet)."""
    from nilerules.analysis.parallel import Execution

    return Execution.from_options(args.jobs, args.scheduler, args.quiet)


def _budget(name: str) -> Budget:
    return Budget.quick() if name == "quick" else Budget()


# -- commands ---------------------------------------------------------------------------------------------
def cmd_games(args: argparse.Namespace) -> int:
    rows = []
    for game_id in GAME_IDS:
        info = load(game_id).game.info
        rows.append(
            {"id": info.id, "title": info.title, "players": list(info.player_counts), "modules": list(info.modules)}
        )
    text = "\n".join(
        f"{r['id']:<16}{r['title']}  (players {r['players'][0]}-{r['players'][-1]}"
        + (f"; modules: {', '.join(r['modules'])})" if r["modules"] else ")")
        for r in rows
    )
    _emit(args, rows, text)
    return EXIT_OK


def cmd_rules(args: argparse.Namespace) -> int:
    spec = _module(args).game.spec
    rules = [{"id": r.id, "kind": r.kind, "section": r.section, "quote": r.quote} for r in spec.rules]
    ambs = [
        {"id": a.id, "code": a.code, "title": a.title, "default": a.default, "readings": list(a.reading_names())}
        for a in sorted(spec.ambiguities.values(), key=lambda a: a.code)
    ]
    lines = [f"{r['id']}  [{r['kind']}]  {r['quote']}" for r in rules]
    lines += ["", "Ambiguities (choose with --reading ID=READING):"]
    lines += [f"{a['code']} {a['id']}: {' | '.join(a['readings'])} (default {a['default']})" for a in ambs]
    _emit(args, {"rules": rules, "ambiguities": ambs}, "\n".join(lines))
    return EXIT_OK


def _config(args: argparse.Namespace, module: GameModule) -> Any:
    game = module.game
    players = args.players if args.players is not None else game.info.player_counts[0]
    return game.config(players, args.module, _readings(args.reading))


def cmd_simulate(args: argparse.Namespace) -> int:
    from nilerules.analysis.simulate import simulate

    if args.games < 1:
        raise UsageError("--games must be at least 1")
    module = _module(args)
    summary = simulate(module, _config(args, module), args.games, args.seed, args.policy, _execution(args))
    data = summary.to_data(timing=args.timing)
    lines = [
        f"{summary.game}: {summary.games} {summary.policy} games, {summary.config.players} players, seeds "
        f"{summary.seed}..{summary.seed + summary.games - 1}",
        f"mean scores by seat: {', '.join(f'{s:.2f}' for s in summary.mean_scores)}"
        f" (min {summary.min_score}, max {summary.max_score})",
        f"game length: mean {summary.mean_length:.1f} actions, max {summary.max_length}",
        f"wins by seat (sole winner): {', '.join(map(str, summary.wins_by_seat))}",
        f"decided by: {', '.join(f'{k} {v}' for k, v in summary.decided_by)}; open ties {summary.open_ties}",
    ]
    if summary.truncated:
        lines.append(f"WARNING: {summary.truncated} games did not end within the declared maximum length")
    if args.timing:
        lines.append(f"speed: {data['games_per_second']} games per second ({data['build']})")
    _emit(args, data, "\n".join(lines))
    return EXIT_OK


def cmd_play(args: argparse.Namespace) -> int:
    module = _module(args)
    result = playout(module.game, _config(args, module), args.seed, args.policy)
    text = log_to_json(playout_log(module.game, result))
    if args.out:
        Path(args.out).write_text(text + "\n", encoding="utf-8")
        print(f"wrote {args.out}: {result.length} actions, scores {module.game.scores(result.final)}")
    else:
        print(text)
    return EXIT_OK


def _result(module: GameModule, state: Any) -> dict[str, Any]:
    game = module.game
    ranking = game.ranking(state)
    return {
        "terminal": game.is_terminal(state),
        "scores": list(game.scores(state)),
        "places": [list(p) for p in ranking.places],
        "decided_by": list(ranking.decided_by),
        "open_tie": ranking.open_tie,
    }


def _result_text(data: dict[str, Any]) -> str:
    return (
        f"scores {data['scores']}; places {data['places']} (decided by {', '.join(data['decided_by'])})"
        + ("; open tie" if data["open_tie"] else "")
        + ("" if data["terminal"] else "; the game is not over")
    )


def cmd_replay(args: argparse.Namespace) -> int:
    log = log_from_json(_read(args.log))
    module = _module(args, log.game)
    state = replay(module.game, log)
    data = {"game": log.game, "actions": len(log.actions), **_result(module, state)}
    _emit(args, data, f"{log.game}: replayed {len(log.actions)} actions; " + _result_text(data))
    return EXIT_OK


def cmd_score(args: argparse.Namespace) -> int:
    module = _module(args)
    try:
        raw = json.loads(_read(args.state))
    except json.JSONDecodeError as exc:
        raise UsageError(f"{args.state}: not valid JSON ({exc})") from None
    state = module.game.state_from_data(raw)
    data = _result(module, state)
    _emit(args, data, _result_text(data))
    return EXIT_OK


def cmd_query(args: argparse.Namespace) -> int:
    from nilerules.analysis.queries import run_query

    module = _module(args)
    if args.list or not args.name:
        listed = sorted(module.queries.values(), key=lambda q: q.name)
        data = [
            {"name": q.name, "title": q.title, "params": [
                {"name": p.name, "type": p.type, "default": p.default, "help": p.help} for p in q.params
            ]}
            for q in listed
        ]
        lines = []
        for q in listed:
            lines.append(f"{q.name:<24}{q.title}")
            lines += [f"    --param {p.name}=<{p.type}> (default {p.default}): {p.help}" for p in q.params]
        _emit(args, data, "\n".join(lines))
        return EXIT_OK
    result = run_query(module, args.name, args.param)
    out: dict[str, Any] = {"query": args.name, "text": result.text, "data": to_data(dict(result.data))}
    if result.verdict is not None:
        out["verdict"] = result.verdict.kind
        out["summary"] = result.verdict.summary
    text = result.text + (f"\nverdict: {result.verdict.kind}: {result.verdict.summary}" if result.verdict else "")
    _emit(args, out, text)
    return EXIT_OK


def _analyses(args: argparse.Namespace) -> list[Any]:
    from nilerules.analysis.runner import analyse_games

    games = [_spec_game(args)] if (args.game or args.spec) else list(GAME_IDS)
    budget = _budget(args.budget)
    return analyse_games([load(g, args.spec) for g in games], budget, _execution(args))


def cmd_report(args: argparse.Namespace) -> int:
    from nilerules.report import write_report

    analyses = _analyses(args)
    md, js = write_report(Path(args.out), analyses, _budget(args.budget))
    counts = [f.verdict for a in analyses for f in a.findings]
    print(
        f"wrote {md} and {js}: {len(counts)} findings "
        f"({counts.count('witness')} witness, {counts.count('proof')} proof, {counts.count('unknown')} unknown)"
    )
    return EXIT_OK


def cmd_check(args: argparse.Namespace) -> int:
    from nilerules.analysis.regression import differences, incompatibility, load_baseline
    from nilerules.core.jsonio import load_file
    from nilerules.report import json as json_report

    baseline = load_baseline(load_file(args.baseline, UsageError), args.baseline)
    budget = _budget(args.budget)
    reason = incompatibility(baseline, json_report.run_metadata(budget))
    if reason and not args.force:
        raise UsageError(f"{args.baseline}: {reason} (pass --force to compare anyway)")
    current = json.loads(json_report.render(_analyses(args), budget))
    if reason:
        print(f"nilerules check: comparing anyway although {reason}")
    diffs = differences(baseline, current)
    if diffs:
        for line in diffs:
            print(line)
        print(f"nilerules check: {len(diffs)} differences from {args.baseline}", file=sys.stderr)
        return EXIT_CHECK_FAILED
    print(f"nilerules check: every finding matches {args.baseline}")
    return EXIT_OK


# -- parser -----------------------------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="nilerules", description=__doc__.splitlines()[0] if __doc__ else None)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def add(name: str, help: str, *, game: bool | str = False, json_out: bool = True) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help, description=help)
        if game == "optional":
            p.add_argument("--game", choices=GAME_IDS, help="only this game")
        elif game:
            p.add_argument("game", choices=GAME_IDS, metavar="GAME", help=" | ".join(GAME_IDS))
        p.add_argument("--spec", help="run on an edited copy of the game's spec file")
        if json_out:
            p.add_argument("--json", action="store_true", help="print data as JSON")
        return p

    def run_args(p: argparse.ArgumentParser) -> None:
        p.add_argument("--jobs", type=int, metavar="N", help="local processes (default: every core; 1: in process)")
        p.add_argument(
            "--scheduler", metavar="ADDRESS",
            help="run on a Dask cluster (tcp://host:8786; default: $NILERULES_SCHEDULER; needs nilerules[dask])",
        )
        p.add_argument("--quiet", action="store_true", help="no progress bar")

    def play_args(p: argparse.ArgumentParser) -> None:
        p.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
        p.add_argument("--players", type=int, help="player count (default: the smallest supported)")
        p.add_argument("--module", action="append", default=[], help="a module to use (repeatable)")
        p.add_argument("--reading", action="append", default=[], metavar="AMB=R", help="choose a reading (repeatable)")
        p.add_argument("--policy", choices=sorted(POLICIES), default="random")

    add("games", "list the games", json_out=True).set_defaults(func=cmd_games)
    add("rules", "list a game's catalogued rules and ambiguities", game=True).set_defaults(func=cmd_rules)

    p = add("simulate", "play seeded games and summarise scores, lengths and tie-breaks", game=True)
    p.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    p.add_argument("--timing", action="store_true", help="also print games per second (not deterministic)")
    play_args(p)
    run_args(p)
    p.set_defaults(func=cmd_simulate)

    p = add("play", "play one seeded game and write its log", game=True, json_out=False)
    play_args(p)
    p.add_argument("--out", help="write the log here (default: print it)")
    p.set_defaults(func=cmd_play)

    p = add("replay", "replay a game log and print the result")
    p.add_argument("log", help="a log written by `nilerules play`")
    p.set_defaults(func=cmd_replay)

    p = add("score", "score a saved state (JSON)", game=True)
    p.add_argument("state", help="a state as JSON")
    p.set_defaults(func=cmd_score)

    p = add("query", "ask a named question (see --list)", game=True)
    p.add_argument("name", nargs="?", help="the query's name")
    p.add_argument("--list", action="store_true", help="list the game's queries")
    p.add_argument("--param", action="append", default=[], metavar="K=V", help="a query parameter (repeatable)")
    p.set_defaults(func=cmd_query)

    for name, help in (
        ("report", "write ambiguities.md and findings.json"),
        ("check", "rerun the analysis and compare it with a baseline findings.json (exit 1 when they differ)"),
    ):
        p = add(name, help, game="optional", json_out=False)
        p.add_argument("--budget", choices=("default", "quick"), default="default", help="search budget")
        run_args(p)
        if name == "report":
            p.add_argument("--out", default="report", help="output folder (default: report/)")
            p.set_defaults(func=cmd_report)
        else:
            p.add_argument("--baseline", required=True, help="a findings.json to compare with")
            p.add_argument(
                "--force",
                action="store_true",
                help="compare even when the baseline was written with another budget or nilerules version",
            )
            p.set_defaults(func=cmd_check)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        code: int = args.func(args)
        return code
    except NileRulesError as exc:
        print(f"nilerules: error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:  # pragma: no cover - output piped to a closed reader
        return EXIT_OK
    except KeyboardInterrupt:  # pragma: no cover
        print("nilerules: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:
        print(f"nilerules: internal error: {type(exc).__name__}: {exc} (please report this)", file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
