"""Play, replay, score and question four Nile board games (Ra, Nile Artefacts, Sobek, Nefertiti) under every reading
of their unclear rules, and write the report of the ambiguities found.

Exit codes: 0 ok, 1 a check failed (a regression against a baseline), 2 bad input. Errors are one line on stderr.
Argument parsing and file I/O only live here; every computation lives in the library.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn

from nilerules import __version__
from nilerules.analysis.ask.kinds import KINDS as ASK_KINDS
from nilerules.checks import GameModule, load
from nilerules.checks.model import BUDGET_NAMES, Budget
from nilerules.core import jsonio
from nilerules.core.codec import dumps, to_data
from nilerules.core.files import check_writable, write_atomic, write_set
from nilerules.core.log import log_from_json, log_to_json, replay, replay_steps
from nilerules.core.playout import POLICIES, playout, playout_log
from nilerules.errors import NileRulesError
from nilerules.games import GAME_IDS

EXIT_OK, EXIT_CHECK_FAILED, EXIT_BAD_INPUT = 0, 1, 2
MAX_GAMES = 10**7
"""Upper bound of ``simulate --games`` (about a day of the slowest game on one core)."""
MAX_JOBS = 1024
"""Upper bound of ``--jobs``."""
MAX_SEED = 2**63 - 1
"""Seeds are 0..MAX_SEED."""
MESSAGE_LIMIT = 300
"""Error messages are cut to this many characters."""
POLICY_HELP = (
    "how every seat chooses its moves: 'random' (uniformly among the legal moves), 'greedy' (each game's simple "
    "greedy choice: the move that scores most now) or 'strong' (a search: Monte Carlo simulations of every move, "
    "docs/strength.md); default random"
)


class UsageError(NileRulesError):
    """Bad command-line arguments."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see `{self.prog} --help`)")


class _Once(argparse.Action):
    """An option given at most once: argparse would keep the last of two values and drop the first without a word."""

    def __call__(
        self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option: str | None = None
    ) -> None:
        first = getattr(namespace, self.dest, None)
        if first is not None:
            raise UsageError(f"{option} given twice ({_name(str(first))} and {_name(str(values))}): give it once")
        setattr(namespace, self.dest, values)


def _read(path: str) -> str:
    return jsonio.read_text(path, UsageError)


def _name(path: str) -> str:
    """A path as shown in messages: quoted with repr (so odd characters stay on one line) and cut."""
    return repr(path)[:200]


def _write(stream: Any, text: str) -> None:
    """Write a line, escaping what the stream's encoding cannot show rather than failing."""
    try:
        stream.write(text + "\n")
    except UnicodeEncodeError:
        encoding = getattr(stream, "encoding", None) or "ascii"
        stream.write(text.encode(encoding, "backslashreplace").decode(encoding) + "\n")


def _say(text: str) -> None:
    _write(sys.stdout, text)


def one_line(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """A message as one printable line: control characters escaped, cut to ``limit`` characters."""
    flat = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


def _emit(args: argparse.Namespace, data: Any, text: str) -> None:
    _say(json.dumps(data, indent=2, sort_keys=True) if args.json else text)


def _bounded(name: str, low: int, high: int) -> Any:
    """An argparse type: an integer in ``low..high``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be an integer, got {one_line(repr(text), 60)}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{name} must be in {low}..{high}, got {value}")
        return value

    return parse


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


def _policy_list(text: str) -> tuple[str, ...]:
    """An argparse type: comma-separated policy names, each one of POLICIES."""
    names = tuple(name.strip() for name in text.split(","))
    for name in names:
        if name not in POLICIES:
            raise argparse.ArgumentTypeError(
                f"unknown policy {one_line(repr(name), 60)} (policies: {', '.join(sorted(POLICIES))})"
            )
    return names


def _policies(args: argparse.Namespace) -> str | tuple[str, ...]:
    """The seats' policies: --policies (one per seat) or --policy (every seat alike)."""
    return args.policies if args.policies is not None else str(args.policy)


def _execution(args: argparse.Namespace) -> Any:
    """Where the command's games and checks run (--jobs, --scheduler or NILERULES_SCHEDULER) and whether a progress
    bar may show (not with --quiet)."""
    from nilerules.analysis.parallel import Execution

    return Execution.from_options(args.jobs, args.scheduler, args.quiet)


def _budget(name: str) -> Budget:
    return Budget.named(name)


# -- commands ---------------------------------------------------------------------------------------------
def cmd_games(args: argparse.Namespace) -> int:
    rows: list[dict[str, Any]] = []
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
    from nilerules.analysis.stats import QUANTILES, quantile_label, text_histogram

    if args.plot:
        check_writable(args.plot)
    if args.extremes:
        check_writable(args.extremes, folder=True)
    module = _module(args)
    summary = simulate(module, _config(args, module), args.games, args.seed, _policies(args), _execution(args))
    data = summary.to_data(timing=args.timing)
    played = summary.policy if len(set(summary.policies)) == 1 else f"seats playing {', '.join(summary.policies)}"
    lines = [
        f"{summary.game}: {summary.games} games ({played}), {summary.config.players} players, seeds "
        f"{summary.seed}..{summary.seed + summary.games - 1}",
        f"mean scores by seat: {', '.join(f'{s:.2f}' for s in summary.mean_scores)}"
        f" (min {summary.min_score}, max {summary.max_score})",
        f"game length: mean {summary.mean_length:.1f} actions, max {summary.max_length}",
        f"wins by seat (a first place shared by k seats counts 1/k each): "
        f"{', '.join(f'{float(w):g}' for w in summary.wins_by_seat)}",
        f"decided by: {', '.join(f'{k} {v}' for k, v in summary.decided_by)}; open ties {summary.open_ties}",
        "games to look at (--extremes writes their logs): "
        + "; ".join(f"{e.kind} seed {e.seed} (scores {list(e.scores)})" for e in summary.extremes),
        "score quantiles by seat: " + ", ".join(quantile_label(q) for q in QUANTILES),
        *(f"  seat {seat}: " + " ".join(f"{v:g}" for v in row) for seat, row in enumerate(summary.seat_quantiles())),
        "final scores, every seat (score range | games x seats):",
        *(f"  {line}" for line in text_histogram(summary.pooled_histogram())),
    ]
    if summary.truncated:
        lines.append(f"WARNING: {summary.truncated} games did not end within the declared maximum length")
    if args.timing:
        lines.append(f"speed: {data['games_per_second']} games per second ({data['build']})")
    if args.plot:
        from nilerules.report.charts import distribution_chart

        series = [(f"seat {seat}", h) for seat, h in enumerate(summary.seat_histograms())]
        title = f"{summary.game}: final scores by seat, {summary.games} {summary.policy} games"
        write_atomic(args.plot, distribution_chart(series, title, "final score", f"simulate-{summary.game}"))
    if args.extremes:
        from nilerules.analysis.simulate import extreme_logs

        logs = extreme_logs(module.game, summary)
        write_set(args.extremes, {name: log_to_json(log) + "\n" for name, log in logs.items()})
        if "tied" not in {e.kind for e in summary.extremes}:
            lines.append("no tied game: the highest score was never shared")
    _emit(args, data, "\n".join(lines))
    if args.plot:
        print(f"wrote {_name(args.plot)}", file=sys.stderr)
    if args.extremes:
        print(f"wrote {', '.join(sorted(logs))} into {_name(args.extremes)}", file=sys.stderr)
    return EXIT_OK


def cmd_play(args: argparse.Namespace) -> int:
    for path in (args.out, args.state_out):
        if path:
            check_writable(path)
    module = _module(args)
    game = module.game
    result = playout(game, _config(args, module), args.seed, _policies(args))
    text = log_to_json(playout_log(game, result))
    if args.out:
        write_atomic(args.out, text + "\n")
        _say(f"wrote {_name(args.out)}: {result.length} actions, scores {list(game.scores(result.final))}")
    else:
        _say(text)
    if args.state_out:
        write_atomic(args.state_out, dumps(game.state_to_data(result.final)) + "\n")
        _say(f"wrote {_name(args.state_out)}: the final state")
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
    if args.finding or args.reading:
        return _replay_readings(args)
    log = log_from_json(_read(args.log))
    module = _module(args, log.game)
    state = replay(module.game, log)
    data = {"game": log.game, "actions": len(log.actions), **_result(module, state)}
    _emit(args, data, f"{log.game}: replayed {len(log.actions)} actions; " + _result_text(data))
    return EXIT_OK


def _situation(module: GameModule, path: str) -> Any:
    """Read FILE for `score` and `query --position`: a play log (its final state), a state (JSON) or a position
    (TOML or JSON), as an ``analysis.positions.Situation`` whose state the game's invariants have checked."""
    from nilerules.analysis.positions import situation

    text = _read(path)
    if path.endswith(".toml"):
        import tomllib

        try:
            data: Any = tomllib.loads(text)
        except (tomllib.TOMLDecodeError, RecursionError, ValueError) as exc:
            raise UsageError(f"{_name(path)}: not a valid TOML position ({one_line(str(exc), 100)})") from None
    else:
        data = jsonio.loads(text, _name(path), UsageError)
    return situation(module.game, data, text, _name(path))


def _breakdown_table(breakdown: Sequence[dict[str, int]], scores: Sequence[int]) -> list[str]:
    """Per-category points as a plain table: one row per category, one column per seat, and the totals."""
    categories: list[str] = []
    for seat in breakdown:
        categories += [c for c in seat if c not in categories]
    width = max([len(c) for c in categories] + [len("total")])
    lines = [f"{'':<{width}}  " + "  ".join(f"{'seat ' + str(i):>7}" for i in range(len(breakdown)))]
    for category in categories:
        lines.append(f"{category:<{width}}  " + "  ".join(f"{seat.get(category, 0):>7}" for seat in breakdown))
    lines.append(f"{'total':<{width}}  " + "  ".join(f"{s:>7}" for s in scores))
    return lines


def _replay_readings(args: argparse.Namespace) -> int:
    """`replay LOG --reading AMB=R` / `replay findings.json --finding CODE`: what each reading gives where the log
    ends (the log's own readings first)."""
    from nilerules.analysis.witness import end_words, finding_log, replay_under

    text = _read(args.log)
    log, amb = finding_log(text, args.finding) if args.finding else (log_from_json(text), "")
    game = _module(args, log.game).game
    own = replay_under(game, log)
    if args.reading:
        variants = [_readings(args.reading)]
    elif amb in game.spec.ambiguities:
        variants = [{amb: r} for r in game.spec.ambiguities[amb].reading_names() if r != log.config.reading(amb)]
    else:
        variants = []
    ends = [(v, replay_under(game, log, v)) for v in variants]
    data = {
        "game": log.game,
        "actions": len(log.actions),
        "log_readings": own.to_data(),
        "variants": [end.to_data() for _, end in ends],
    }
    lines = [f"{log.game}: replayed {len(log.actions)} actions; under the log's readings: {end_words(own)}"]
    for variant, end in ends:
        named = ", ".join(f"{a}={r}" for a, r in sorted(variant.items()))
        lines.append(f"with {named}: {end_words(end, own)}")
    _emit(args, data, "\n".join(lines))
    return EXIT_OK


def cmd_score(args: argparse.Namespace) -> int:
    module = _module(args)
    found = _situation(module, args.state)
    state = found.state
    data = {"input": found.kind, **_result(module, state)}
    lines = [_result_text(data)]
    if hasattr(module.game, "score_breakdown"):
        breakdown = module.game.score_breakdown(state)
        data["breakdown"] = [dict(seat) for seat in breakdown]
        lines = _breakdown_table(breakdown, data["scores"]) + lines
    _emit(args, data, "\n".join(lines))
    return EXIT_OK


def _plain(data: Any, indent: str = "") -> list[str]:
    """Position data as plain text: one line per key, nested tables indented, short lists inline."""
    if not isinstance(data, dict):
        return [indent + _scalar(data)]
    lines = []
    for key in data:
        value = data[key]
        if isinstance(value, dict) and value:
            lines.append(f"{indent}{key}:")
            lines += _plain(value, indent + "  ")
        elif isinstance(value, list) and any(isinstance(v, dict) for v in value):
            lines.append(f"{indent}{key}:")
            lines += [f"{indent}  - {_scalar(v)}" for v in value]
        else:
            lines.append(f"{indent}{key}: {_scalar(value)}")
    return lines


def _scalar(value: Any) -> str:
    """A value on one line: plain words bare, everything else as compact JSON with spaces after commas."""
    if isinstance(value, str) and value.isprintable() and value.strip() == value and value:
        return value
    return json.dumps(value, separators=(", ", ": "), sort_keys=True, ensure_ascii=False)


def _show_range(args: argparse.Namespace, moves: int) -> tuple[int, int] | None:
    """`show`: the moves whose positions are printed, from --at or --from/--to (None: the summary)."""
    ranged = args.start is not None or args.stop is not None
    if args.at is not None and ranged:
        raise UsageError("--at N is one position; --from/--to a range: give one or the other")
    for option, value in (("--at", args.at), ("--from", args.start), ("--to", args.stop)):
        if value is not None and value > moves:
            raise UsageError(f"{option} {value}: the log has {moves} moves")
    if args.at is not None:
        return args.at, args.at
    if not ranged:
        return None
    start, stop = args.start if args.start is not None else 1, args.stop if args.stop is not None else moves
    if start > stop:
        raise UsageError(f"--from {start} is after --to {stop}")
    return start, stop


def cmd_show(args: argparse.Namespace) -> int:
    log = log_from_json(_read(args.log))
    module = _module(args, log.game)
    game = module.game
    shown = _show_range(args, len(log.actions))

    def position(state: Any) -> list[str]:
        data = game.position_data(state) if hasattr(game, "position_data") else game.state_to_data(state)
        if isinstance(data, dict):  # the configuration is the header's
            data = {k: v for k, v in data.items() if k != "config"}
        return _plain(data, "    ")

    cfg = log.config
    readings = ", ".join(f"{k}={v}" for k, v in cfg.readings)
    out = [f"{log.game}: {cfg.players} players; modules {', '.join(cfg.modules) or 'none'}; readings {readings}"]
    first, last = shown if shown is not None else (len(log.actions) + 1, len(log.actions))
    if first == 0:
        out += ["  start:", *position(game.setup(game.config(cfg.players, cfg.modules, dict(cfg.readings))))]
    state = None
    for index, (mover, action, state) in enumerate(replay_steps(game, log), start=1):
        if index > last and shown is not None:
            break
        if shown is None or index >= first or args.at is not None:
            who = "chance" if mover is not None and not isinstance(mover, int) else f"seat {mover}"
            out.append(f"{index:>4}. {who}: {dumps(game.action_to_data(action))}")
        if first <= index <= last:
            out += position(state)
    if shown is None:
        final = state if state is not None else game.setup(game.config(cfg.players, cfg.modules, dict(cfg.readings)))
        out += [
            f"  after move {len(log.actions)}, the last (--at N: after move N; --from N --to M: after each move "
            "from N to M):",
            *position(final),
            "  " + _result_text(_result(module, final)),
        ]
    _say("\n".join(out))
    return EXIT_OK


def cmd_query(args: argparse.Namespace) -> int:
    from nilerules.analysis.queries import queries_of, query_for, run_query

    module = _module(args)
    if args.list or not args.name:
        listed = sorted(queries_of(module).values(), key=lambda q: q.name)
        data = [
            {"name": q.name, "title": q.title, "position": q.position, "params": [
                {"name": p.name, "type": p.type, "default": p.default, "help": p.help} for p in q.params
            ]}
            for q in listed
        ]
        lines = []
        for q in listed:
            lines.append(f"{q.name:<24}{q.title}")
            lines += [f"    --position FILE ({q.position})"] if q.takes_position else []
            lines += [f"    --param {p.name}=<{p.type}> (default {p.default}): {p.help}" for p in q.params]
        _emit(args, data, "\n".join(lines))
        return EXIT_OK
    from nilerules.analysis.parallel import using

    query_for(module, args.name, args.position is not None)  # before reading the file
    found = _situation(module, args.position) if args.position is not None else None
    with using(_execution(args)):
        result = run_query(module, args.name, args.param, found)
    out: dict[str, Any] = {"query": args.name, "text": result.text, "data": to_data(dict(result.data))}
    if result.verdict is not None:
        out["verdict"] = result.verdict.kind
        out["summary"] = result.verdict.summary
    text = result.text + (f"\nverdict: {result.verdict.kind}: {result.verdict.summary}" if result.verdict else "")
    _emit(args, out, text)
    return EXIT_OK


def cmd_ask(args: argparse.Namespace) -> int:
    from nilerules.analysis.ask import ask, ask_all_readings
    from nilerules.analysis.ask.view import GameView

    module = _module(args)
    config = _config(args, module)
    if args.view:
        fields = GameView(module.game, config).fields()
        rows = [{"name": f.path, "type": f.type, "description": f.description} for f in fields]
        _emit(args, rows, "\n".join(f"{f.path}: {f.type} — {f.description}" for f in fields))
        return EXIT_OK
    asked: list[tuple[Any, str]] = [
        (kind, getattr(args, kind)) for kind in ASK_KINDS if getattr(args, kind) is not None
    ]
    if not asked:
        flags = [f"{k.option} EXPR" for k in ASK_KINDS.values()]
        raise UsageError(f"ask needs a question: {', '.join(flags[:-1])} or {flags[-1]} (or --view)")
    kind, expression = asked[0]
    if args.out:
        check_writable(args.out)
    options: dict[str, Any] = {
        "at": args.at, "games": args.games, "guided": args.guided, "seconds": float(args.time), "seed": args.seed,
        "policy": args.policy, "execution": _execution(args),
    }
    if args.all_readings:
        readings = ask_all_readings(module, kind, expression, config=config, **options)
        answer = readings.default
        data, lines = readings.to_data(), readings.lines()
    else:
        answer = ask(module, kind, expression, config=config, **options)
        data, lines = answer.to_data(), answer.lines()
        position = answer.position_data()
        if position is not None:
            lines += [answer.position_label() + ":", *_plain(position, "    ")]
    witness = answer.witness_json()
    if args.out and witness is not None:
        write_atomic(args.out, witness + "\n")
    _emit(args, data, "\n".join(lines))
    if args.out:
        print(f"wrote {_name(args.out)}" if witness is not None else f"no witness: {_name(args.out)} not written",
              file=sys.stderr)
    return EXIT_OK


def cmd_edges(args: argparse.Namespace) -> int:
    from nilerules.analysis.edges import EdgesBudget, examine
    from nilerules.spec_edges import edges_path, load_edges

    module = _module(args)
    path = args.file or str(edges_path(module.game.info.id))
    edges = load_edges(path, module.game.spec, complete=False)
    budget = EdgesBudget(args.games, args.guided, float(args.time), args.seed)

    def progress(text: str) -> None:
        if not args.quiet:
            _write(sys.stderr, f"edges: {text}")

    result = examine(module, edges, budget, _execution(args), progress)
    _emit(args, result.to_data(), "\n".join(result.lines()))
    return EXIT_CHECK_FAILED if result.failed else EXIT_OK


def cmd_explore(args: argparse.Namespace) -> int:
    from nilerules.analysis.explore import ExploreBudget, explore, write_figures

    check_writable(args.out)
    games = [args.game] if args.game else list(GAME_IDS)
    budget = ExploreBudget(args.games, args.random, args.seed)
    if args.policy:
        budget = dataclasses.replace(budget, policies=tuple(args.policy))
    baseline = (
        jsonio.loads(_read(args.baseline), f"--baseline {_name(args.baseline)}", UsageError) if args.baseline else None
    )
    if baseline is not None and not isinstance(baseline, dict):
        raise UsageError(f"--baseline {_name(args.baseline)}: not a findings.json (not a JSON object)")
    result = explore(
        [load(g, args.spec) for g in games], budget, _execution(args), baseline, args.baseline or "none given"
    )
    data = result.to_data()
    write_figures(Path(args.out), data)
    _emit(args, data, result.describe() + f"\nwrote {args.out}")
    return EXIT_OK


def _specs_by_game(paths: Sequence[str]) -> dict[str, str]:
    """`report` and `check`: each --spec file by the game it is for (one per game; a second for a game is refused)."""
    from nilerules.specs import load_spec

    found: dict[str, str] = {}
    for path in paths:
        game = load_spec(path).game
        if game not in GAME_IDS:
            raise UsageError(f"--spec {_name(path)}: a spec for {game!r}, not one of {', '.join(GAME_IDS)}")
        if game in found:
            raise UsageError(
                f"--spec {_name(path)}: a second spec for {game} (the first: {_name(found[game])}); give one per game"
            )
        found[game] = path
    return found


def _edits_said(specs: Mapping[str, str], json_out: bool = False) -> dict[str, list[str]]:
    """`report` and `check` on an edited spec begin with what differs from the bundled spec, value by value (as data:
    a comment or a key moved is no difference); returned as data for --json."""
    from nilerules.specs import edits_from_bundled, load_spec

    out: dict[str, list[str]] = {}
    for game, path in specs.items():
        lines = [e.line() for e in edits_from_bundled(load_spec(path))]
        out[game] = lines
        if json_out:
            continue
        if not lines:
            _say(f"--spec {_name(path)}: the same values as the bundled {game} spec (comments and layout aside)")
            continue
        _say(f"--spec {_name(path)}: {len(lines)} {'values differ' if len(lines) > 1 else 'value differs'} from "
             f"the bundled {game} spec:")
        for line in lines:
            _say(f"  {line}")
    return out


def _report_games(args: argparse.Namespace, specs: Mapping[str, str]) -> list[str]:
    """The games --game or the --spec files name (none named: an empty list); a --spec for a game not run is refused."""
    if not args.game:
        return [g for g in GAME_IDS if g in specs]
    for game, path in specs.items():
        if game != args.game:
            raise UsageError(f"--spec {_name(path)} is for {game}, but --game {args.game} runs {args.game} only")
    return [args.game]


def _analyses(args: argparse.Namespace, games: Sequence[str], specs: Mapping[str, str], budget: Budget) -> list[Any]:
    from nilerules.analysis.runner import analyse_games

    return analyse_games([load(g, specs.get(g)) for g in games], budget, _execution(args))


def cmd_report(args: argparse.Namespace) -> int:
    from nilerules.analysis.parallel import using
    from nilerules.report import write_report
    from nilerules.report.wording import DOCUMENTS_PAGE

    check_writable(args.out, folder=True)
    specs = _specs_by_game(args.spec)
    games = _report_games(args, specs) or list(GAME_IDS)
    budget = _budget(args.budget)
    _edits_said(specs)
    analyses = _analyses(args, games, specs, budget)
    with using(_execution(args)):  # report.html's score distributions run where the analysis ran
        md, js = write_report(Path(args.out), analyses, budget)
    counts = [f.verdict for a in analyses for f in a.findings]
    _say(
        f"wrote {_name(str(md))}, {_name(str(js))}, {_name(str(md.with_name('report.html')))} and "
        f"{_name(str(md.with_name(DOCUMENTS_PAGE)))}: "
        f"{len(counts)} findings "
        f"({counts.count('witness')} witness, {counts.count('proof')} proof, {counts.count('unknown')} unknown)"
    )
    return EXIT_OK


def _budget_words(budget: Budget) -> str:
    strong = (
        f", {budget.strong_trials} strong {'game' if budget.strong_trials == 1 else 'games'} per game at "
        f"{budget.strong_simulations} simulations"
        if budget.strong_trials
        else ""
    )
    return (
        f"{budget.playouts} playouts, {budget.examples} examples, rlimit {budget.rlimit}, seed {budget.seed}{strong}"
    )


def cmd_check(args: argparse.Namespace) -> int:
    from nilerules.core.jsonio import load_file
    from nilerules.report import json as json_report
    from nilerules.report.regression import budget_of, check_scope, compare, incompatibility, load_baseline

    name = _name(args.baseline)
    baseline = load_baseline(load_file(args.baseline, UsageError), name)
    specs = _specs_by_game(args.spec)
    scope = check_scope(baseline, _report_games(args, specs), GAME_IDS, name)
    budget = _budget(args.budget) if args.budget else budget_of(baseline, name)
    reason = incompatibility(baseline, json_report.run_metadata(budget))
    if reason and not args.force:
        raise UsageError(f"{name}: pass --force to compare anyway: {reason}")
    edited = _edits_said(specs, json_out=args.json)
    current = json.loads(json_report.render(_analyses(args, scope.games, specs, budget), budget))
    comparison = compare(baseline, current, scope)
    if args.json:
        data = {"baseline": args.baseline, "budget": json_report.run_metadata(budget)["budget"], "forced": reason,
                "spec_edits": edited}
        _say(json.dumps({**data, **comparison.to_data()}, indent=2, sort_keys=True))
    else:
        checked = ", ".join(g + (f" (spec {_name(specs[g])})" if g in specs else "") for g in scope.games)
        held = f"{name} holds {', '.join(scope.baseline_games)}"
        unchecked = f"; {', '.join(scope.unchecked)} not checked" if scope.unchecked else ""
        _say(f"nilerules check: compared {checked} with the baseline's {', '.join(scope.games)} ({held}{unchecked})")
        given = f"--budget {args.budget}" if args.budget else "the baseline's"
        _say(f"budget: {given} ({_budget_words(budget)})")
        if reason:
            _say(f"comparing anyway although {reason}")
        for line in comparison.lines(details=args.details):
            _say(line)
    noise = len(comparison.section("noise"))
    within = f" ({noise} within sampling noise, not changes)" if noise else ""
    if comparison.failing:
        print(f"nilerules check: {len(comparison.failing)} differences from {name}{within}", file=sys.stderr)
        return EXIT_CHECK_FAILED
    if not args.json:
        what = "matches the baseline" if not noise else f"matches the baseline beyond sampling noise{within}"
        _say(f"nilerules check: every field of {', '.join(scope.games)} {what}")
    return EXIT_OK


# -- parser -----------------------------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="nilerules",
        description=__doc__.split("\n\n")[0].replace("\n", " ") if __doc__ else None,
        epilog="Exit codes: 0 ok, 1 a check failed, 2 bad input (one line on stderr). "
        "See `nilerules COMMAND --help` for each command.",
    )
    parser.add_argument("--version", action="version", version=f"nilerules {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser, metavar="COMMAND")

    def add(name: str, help: str, *, game: bool | str = False, json_out: bool = True) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help, description=help)
        if game == "optional":
            p.add_argument("--game", choices=GAME_IDS, help="only this game")
        elif game:
            p.add_argument("game", choices=GAME_IDS, metavar="GAME", help=" | ".join(GAME_IDS))
        p.add_argument(
            "--spec", metavar="FILE", action=_Once,
            help="use an edited copy of the game's specs/<game>.toml (its values; the schema stays the bundled one)",
        )
        if json_out:
            p.add_argument("--json", action="store_true", help="print data as JSON instead of text")
        return p

    def run_args(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--jobs", type=_bounded("--jobs", 1, MAX_JOBS), metavar="N",
            help=f"local processes, 1..{MAX_JOBS} (default: every core; 1: in process)",
        )
        p.add_argument(
            "--scheduler", metavar="ADDRESS",
            help="run on a Dask cluster (tcp://host:8786; default: $NILERULES_SCHEDULER; needs nilerules[dask])",
        )
        p.add_argument("--quiet", action="store_true", help="no progress bar")

    def play_args(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--seed", type=_bounded("--seed", 0, MAX_SEED), default=0, help=f"first seed, 0..{MAX_SEED} (default 0)"
        )
        p.add_argument(
            "--players", type=_bounded("--players", 1, 99), metavar="N",
            help="player count, one the game supports (see `nilerules games`; default: the smallest)",
        )
        p.add_argument(
            "--module", action="append", default=[], metavar="NAME",
            help="play with this module (repeatable; see `nilerules games`)",
        )
        p.add_argument(
            "--reading", action="append", default=[], metavar="AMB=READING",
            help="read an ambiguous rule this way (repeatable; see `nilerules rules GAME`; default: the spec's)",
        )
        chosen = p.add_mutually_exclusive_group()
        chosen.add_argument("--policy", choices=sorted(POLICIES), default="random", help=POLICY_HELP)
        chosen.add_argument(
            "--policies", type=_policy_list, metavar="P,P,...",
            help="one policy per seat in seat order, as many as --players (e.g. strong,greedy,greedy,greedy)",
        )

    add("games", "list the games, their player counts and modules", json_out=True).set_defaults(func=cmd_games)
    add("rules", "list a game's catalogued rules and ambiguities", game=True).set_defaults(func=cmd_rules)

    p = add("simulate", "play seeded games and summarise scores, lengths, wins and tie-breaks", game=True)
    p.add_argument(
        "--games", type=_bounded("--games", 1, MAX_GAMES), default=100, metavar="N",
        help=f"how many games, 1..{MAX_GAMES} (default 100), seeds SEED..SEED+N-1",
    )
    p.add_argument("--timing", action="store_true", help="also print games per second (not deterministic)")
    p.add_argument("--plot", metavar="FILE.svg", help="also write the score distribution by seat as an SVG picture")
    p.add_argument(
        "--extremes", metavar="DIR",
        help="also write the logs of the game with the lowest score, the one with the highest and the first tied one "
        "(replayable with `nilerules replay` and `show`), named by their seeds",
    )
    play_args(p)
    run_args(p)
    p.set_defaults(func=cmd_simulate)

    p = add("play", "play one seeded game and write its log", game=True, json_out=False)
    play_args(p)
    p.add_argument("--out", metavar="FILE", help="write the log here (default: print it)")
    p.add_argument(
        "--state-out", metavar="FILE", help="also write the final state here (JSON; `nilerules score` reads it)"
    )
    p.set_defaults(func=cmd_play)

    p = add("replay", "replay a game log and print the result")
    p.add_argument("log", metavar="LOG", help="a log written by `nilerules play`")
    p.add_argument("--finding", metavar="CODE", help="replay the witness of this finding from a findings.json")
    p.add_argument(
        "--reading", action="append", default=[], metavar="AMB=R",
        help="show what this reading gives where the log ends, beside the log's own (repeatable)",
    )
    p.set_defaults(func=cmd_replay)

    p = add(
        "show", "print a game log: every move on one line, then the last position and the result (--from/--to, "
        "--at: the position after other moves)", json_out=False,
    )
    p.add_argument("log", metavar="LOG", help="a log written by `nilerules play`")
    p.add_argument(
        "--at", type=_bounded("--at", 0, 10**6), metavar="N",
        help="only the moves up to move N and the position after it (0: the setup)",
    )
    p.add_argument(
        "--from", dest="start", type=_bounded("--from", 0, 10**6), metavar="N",
        help="the moves from move N on, each with the position after it (0: the setup first; default with --to: 1)",
    )
    p.add_argument(
        "--to", dest="stop", type=_bounded("--to", 0, 10**6), metavar="N",
        help="the moves up to move N, each with the position after it (default with --from: the last)",
    )
    p.set_defaults(func=cmd_show)

    p = add(
        "score", "score a play log (its final state), a state or a written position, with a breakdown", game=True
    )
    p.add_argument(
        "state", metavar="FILE",
        help="a log from `play --out`, a state from `play --state-out`, or a position (.toml or .json; "
        "docs/positions.md)",
    )
    p.set_defaults(func=cmd_score)

    p = add("query", "ask a named question (see --list)", game=True)
    p.add_argument("name", nargs="?", metavar="NAME", help="the query's name (see --list)")
    p.add_argument("--list", action="store_true", help="list the game's queries")
    p.add_argument("--param", action="append", default=[], metavar="K=V", help="a query parameter (repeatable)")
    p.add_argument(
        "--position", metavar="FILE",
        help="the situation a query is about (`legal` needs one): a position (.toml or .json; docs/positions.md), "
        "a state or a play log",
    )
    run_args(p)
    p.set_defaults(func=cmd_query)

    # the limits of nilerules.analysis.ask.engine (MAX_GAMES, MAX_GUIDED, MAX_SECONDS; tests/ask checks they agree)
    ask_games, ask_guided, ask_seconds = 10**6, 10**5, 3600
    p = add("ask", "ask your own question in CEL: can EXPR happen, how often, its largest or smallest value "
            "(docs/ask.md)", game=True)
    question = p.add_mutually_exclusive_group()
    for kind in ASK_KINDS.values():
        question.add_argument(kind.option, dest=kind.name, metavar="EXPR", help=kind.help)
    p.add_argument("--view", action="store_true", help="list the names an expression may read for this game and config")
    p.add_argument(
        "--at", choices=("end", "any"), default="end",
        help="judge EXPR at the end of each game (default) or at every position along it",
    )
    p.add_argument(
        "--games", type=_bounded("--games", 1, ask_games), default=200, metavar="N",
        help=f"seeded games, 1..{ask_games} (default 200), seeds SEED..SEED+N-1",
    )
    p.add_argument(
        "--guided", type=_bounded("--guided", 0, ask_guided), default=200, metavar="N",
        help=f"games of guided search after the seeded ones, 0..{ask_guided} (default 200; not for --how-often)",
    )
    p.add_argument(
        "--time", type=_bounded("--time", 1, ask_seconds), default=120, metavar="SECONDS",
        help=f"time bound of the guided search, 1..{ask_seconds} (default 120; the answer says when it stopped it)",
    )
    p.add_argument(
        "--all-readings", action="store_true",
        help="also answer under each other reading of each ambiguity, one at a time, naming those that differ",
    )
    p.add_argument("--out", metavar="FILE", help="write the witness (a log from setup) here")
    play_args(p)
    run_args(p)
    p.set_defaults(func=cmd_ask)

    p = add("edges", "the boundary pass: tally the game's edges file (specs/<game>.edges.toml) by kind and verdict "
            "and run its probes (docs/edges.md); exit 1 when an entry is missing or an unreachable one is met",
            game=True)
    p.add_argument("--file", metavar="FILE", help="an edges file to use instead of the bundled one")
    p.add_argument(
        "--games", type=_bounded("--games", 1, 10_000), default=2, metavar="N",
        help="seeded games per probe and config, 1..10000 (default 2), seeds SEED..SEED+N-1",
    )
    p.add_argument(
        "--guided", type=_bounded("--guided", 0, 10_000), default=8, metavar="N",
        help="games of guided search per probe and config when the seeded ones miss, 0..10000 (default 8)",
    )
    p.add_argument(
        "--time", type=_bounded("--time", 1, 3600), default=30, metavar="SECONDS",
        help="time bound of each guided search, 1..3600 (default 30; the output says when it stopped one)",
    )
    p.add_argument(
        "--seed", type=_bounded("--seed", 0, MAX_SEED), default=0, help=f"first seed, 0..{MAX_SEED} (default 0)"
    )
    run_args(p)
    p.set_defaults(func=cmd_edges)

    p = add("explore", "play many seeded games of every game over covering arrays of readings; write the figures",
            game="optional")
    p.add_argument(
        "--games", type=_bounded("--games", 1, MAX_GAMES), default=20_000, metavar="N",
        help=f"games per game, 1..{MAX_GAMES} (default 20000), each replayed once",
    )
    p.add_argument(
        "--random", type=_bounded("--random", 0, 10_000), default=16, metavar="N",
        help="random reading combinations per game, 0..10000 (default 16)",
    )
    p.add_argument(
        "--seed", type=_bounded("--seed", 0, MAX_SEED), default=20261201, help=f"first seed, 0..{MAX_SEED}"
    )
    p.add_argument(
        "--policy", action="append", choices=sorted(POLICIES), metavar="P",
        help="play this policy at every seat (repeatable: the policies take turns by seed; default random and "
        "greedy; 'strong' is a search, about a thousand times slower)",
    )
    p.add_argument("--baseline", metavar="FILE", help="a findings.json: divergences without a witness there are new")
    p.add_argument(
        "--out", default="explore-results/explore.json", metavar="FILE", help="write the figures here (JSON)"
    )
    run_args(p)
    p.set_defaults(func=cmd_explore)

    for name, help in (
        ("report", "analyse every ambiguity and write ambiguities.md, findings.json and report.html"),
        ("check", "rerun the analysis and compare it with a baseline findings.json (exit 1 when they differ)"),
    ):
        p = sub.add_parser(name, help=help, description=help)
        p.add_argument("--game", choices=GAME_IDS, help="only this game")
        p.add_argument(
            "--spec", action="append", default=[], metavar="FILE",
            help="use an edited copy of a game's specs/<game>.toml (repeatable, one per game; the games of the "
            "--spec files are the ones run unless --game says)",
        )
        run_args(p)
        if name == "report":
            p.add_argument(
                "--budget", choices=BUDGET_NAMES, default="default",
                help="search budget: playouts, Hypothesis examples, the Z3 limit and the paired games of strong play "
                "(quick: for trying things out, no strong play; thorough: more strong play)",
            )
            p.add_argument(
                "--out", default="report", metavar="FOLDER",
                help="output folder (default: report/); its files are replaced as a set",
            )
            p.set_defaults(func=cmd_report)
        else:
            p.add_argument(
                "--budget", choices=BUDGET_NAMES,
                help="search budget (default: the one the baseline was written with)",
            )
            p.add_argument("--baseline", required=True, metavar="FILE", help="a findings.json to compare with")
            p.add_argument(
                "--force",
                action="store_true",
                help="compare even when the baseline was written with another budget or nilerules version",
            )
            p.add_argument(
                "--details", action="store_true",
                help="also list the texts, interval bounds, witnesses and end positions that changed",
            )
            p.add_argument("--json", action="store_true", help="print every change as JSON, sorted into sections")
            p.set_defaults(func=cmd_check)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (0 ok, 1 a check failed, 2 bad input)."""
    try:
        args = build_parser().parse_args(argv)
        code: int = args.func(args)
        return code
    except NileRulesError as exc:
        _write(sys.stderr, "nilerules: error: " + one_line(str(exc)))
        return EXIT_BAD_INPUT
    except SystemExit as exc:  # --help and --version
        return exc.code if isinstance(exc.code, int) else EXIT_OK
    except BrokenPipeError:  # pragma: no cover - output piped to a closed reader
        return EXIT_OK
    except KeyboardInterrupt:  # pragma: no cover
        _write(sys.stderr, "nilerules: interrupted")
        return 130
    except Exception as exc:  # a bug: still one line and exit 2 (the fuzz suite asserts it never happens)
        _write(sys.stderr, "nilerules: error: " + one_line(f"bug: {type(exc).__name__}: {exc} (please report it)"))
        return EXIT_BAD_INPUT


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
