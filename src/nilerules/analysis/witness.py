"""Witnesses are games: a log from setup to the position where two readings part, and what each reading gives there.

``witness_log`` cuts a log out of a pair of games that ``analysis.impact`` played side by side; ``replay_under``
replays any log under changed readings (without the final-digest check, since the state differs by design) and
reports the end position: who is to move, the legal moves or chance outcomes, the scores and the winners, and the
position itself as the game writes it with names (``position_data``), so that two readings whose replays differ only
in state the rest does not show (sets on the table, a pile, a bag) can name the parts that differ (``position_parts``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from nilerules.analysis.impact import PairOutcome, WitnessEffect, play
from nilerules.core.codec import dumps
from nilerules.core.game import Game
from nilerules.core.log import GameLog, make_log, moves_at
from nilerules.core.types import CHANCE, Config
from nilerules.errors import IllegalAction, MalformedAction, NileRulesError, ReplayError

MAX_LISTED = 6
"""Moves named one by one in words before the rest are counted."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """Where a log becomes illegal under changed readings: the step, the move in words, and the id of the rule that
    refuses it. The rule's summary is not given as the reason: a refusal cites the rule whose check failed (a Sobek
    draw with no such card left cites the rule that deals the deliveries), and that rule's summary says what the rule
    is about, not why this move fails."""

    step: int
    """The index of the refused action in the log (0: the first action after setup)."""
    move: str
    """The move as the log writes it, in words (``words``: ``draw marble_green``)."""
    rule_id: str

    def words(self) -> str:
        """``at step 184: rule sobek.market.deliveries refuses draw marble_green``."""
        return f"at step {self.step}: rule {self.rule_id} refuses {self.move}"


def refusal(step: int, raw: Any, exc: IllegalAction) -> Refusal:
    """The refusal of the log's action ``raw`` (at ``step``) by ``exc``."""
    return Refusal(step, words(raw), exc.rule_id)


@dataclass(frozen=True, slots=True)
class EndPosition:
    """What one set of readings gives at the end of a log."""

    readings: tuple[tuple[str, str], ...]
    steps: int
    """Actions applied (fewer than the log's when one became illegal under these readings)."""
    mover: str
    """``"seat N"``, ``"chance"`` or ``"nobody"`` (the game is over)."""
    moves: tuple[str, ...]
    """The legal moves (or chance outcomes with their probability), each as canonical JSON."""
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    terminal: bool
    stopped: str = ""
    """Why the replay stopped early (an action of the log is illegal under these readings), or empty: the error as
    findings.json records it (``IllegalAction.recorded``, with the rules' codes; ``refused`` says it in words)."""
    position: str = ""
    """The end position as the game writes it (``position_data``, names not codes; its ``config`` table left out,
    since the readings differ by design), as canonical JSON; empty when the game does not write positions."""
    refused: Refusal | None = None
    """Where and why the replay stopped early, for people (None when it did not)."""

    def to_data(self, readings: bool = True) -> dict[str, Any]:
        """As JSON data (``readings=False`` leaves out the readings, when the caller names them; the position is
        left out: what differs in it is said by ``end_words``)."""
        return {
            **({"readings": dict(self.readings)} if readings else {}),
            "steps": self.steps,
            "mover": self.mover,
            "moves": [json.loads(m) for m in self.moves],
            "scores": list(self.scores),
            "winners": list(self.winners),
            "terminal": self.terminal,
            "stopped": self.stopped,
        }


def _config(game: Game[Any, Any], config: Config, readings: Mapping[str, str]) -> Config:
    try:
        return game.config(config.players, config.modules, {**config.readings_dict(), **readings})
    except NileRulesError as exc:
        raise ReplayError(f"log config: {exc}") from None


def replay_under(game: Game[Any, Any], log: GameLog, readings: Mapping[str, str] | None = None) -> EndPosition:
    """Replay ``log`` from setup with ``readings`` replacing the log's own, and report the end position.

    An action the changed readings make illegal stops the replay there (and says so); a malformed log is a
    ReplayError."""
    if log.game != game.info.id:
        raise ReplayError(f"log is for game {log.game!r}, not {game.info.id!r}")
    config = _config(game, log.config, readings or {})
    state = game.setup(config)
    stopped, steps, refused = "", 0, None
    for index, raw in enumerate(log.actions):
        try:
            action = game.action_from_data(raw)
        except MalformedAction as exc:
            raise ReplayError(f"step {index}: {exc}") from None
        try:
            state = game.apply(state, action)
        except IllegalAction as exc:
            stopped = f"step {index} ({words(raw)}) is illegal under these readings: {exc.recorded}"
            refused = refusal(index, raw, exc)
            break
        steps += 1
    who, moves = moves_at(game, state)
    return EndPosition(
        config.readings,
        steps,
        who,
        moves,
        tuple(game.scores(state)),
        tuple(game.ranking(state).winners),
        game.is_terminal(state),
        stopped,
        position_of(game, state),
        refused,
    )


def written_position(game: Game[Any, Any], state: Any) -> dict[str, Any] | None:
    """The position as a person would write it (the game's ``position_data``, names not codes) without its
    ``config`` table; None when the game does not write positions."""
    write = getattr(game, "position_data", None)
    if not callable(write):
        return None
    try:
        data = write(state)
    except NotImplementedError:
        return None
    return {k: v for k, v in data.items() if k != "config"} if isinstance(data, dict) else None


def position_of(game: Game[Any, Any], state: Any) -> str:
    """The position as canonical JSON with names (``written_position``), or empty when the game does not write
    positions."""
    data = written_position(game, state)
    return "" if data is None else dumps(data)


def _paths(a: Any, b: Any, path: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
    """The key paths where two JSON data differ, as deep as both are tables (a key written in one only is compared
    with an empty table when the other's value is a table: positions leave defaults out)."""
    if a == b:
        return
    if isinstance(a, dict | None) and isinstance(b, dict | None):
        left, right = a or {}, b or {}
        for key in sorted(set(left) | set(right)):
            yield from _paths(left.get(key), right.get(key), (*path, str(key)))
        return
    yield path


def _is_seat(path: tuple[str, ...], index: int) -> bool:
    """A seat key: a number written as a key at the top or under ``seats`` (docs/positions.md: seats are string
    keys ``"0"``, ``"1"``, ...)."""
    return path[index].isdigit() and path[:index] in ((), ("seats",))


def position_parts(end: EndPosition, against: EndPosition) -> tuple[str, ...]:
    """The named parts of the position where two end positions differ, sorted by name: a top-level key of the
    position, or a seat's key with the seats it differs for (``"corruption (seats 0, 1)"``, ``"event_bag"``). Empty
    when the positions are the same or a game does not write them."""
    if not end.position or not against.position or end.position == against.position:
        return ()
    seats: dict[str, list[str]] = {}
    for path in _paths(json.loads(end.position), json.loads(against.position), ()):
        cut = next((i for i in range(len(path)) if _is_seat(path, i)), -1)
        name = path[cut + 1] if len(path) > cut + 1 else ("seat" if cut >= 0 else "position")
        listed = seats.setdefault(name, [])
        if cut >= 0 and path[cut] not in listed:
            listed.append(path[cut])
    out = []
    for name, which in sorted(seats.items()):
        ordered = sorted(which, key=int)
        out.append(name + (f" ({'seat' if len(ordered) == 1 else 'seats'} {', '.join(ordered)})" if ordered else ""))
    return tuple(out)


def parted(ends: Sequence[EndPosition]) -> bool:
    """Whether the end positions differ in anything: how the replay stopped, who moves, the legal moves, the scores,
    the winners or the position itself (``effect`` is not ``none``)."""
    return effect(ends) != "none"




def effect(ends: Sequence[EndPosition]) -> WitnessEffect:
    """The strongest difference between the end positions: ``winner``, ``scores``, ``moves`` (who moves, the legal
    moves or chance outcomes, how far the log replays), ``position`` (the same moves and scores, but the position
    itself differs: ``position_parts``) or ``none`` (the replays coincide)."""
    if len({e.winners for e in ends if e.terminal}) > 1 and all(e.terminal for e in ends):
        return "winner"
    if len({e.scores for e in ends}) > 1:
        return "scores"
    if len({(e.mover, e.moves, e.steps, e.terminal, e.stopped) for e in ends}) > 1:
        return "moves"
    if len({e.position for e in ends}) > 1:
        return "position"
    return "none"


def witness_log(game: Game[Any, Any], outcome: PairOutcome) -> GameLog:
    """The log of a pair's game under the defaults, from setup up to where the readings part (or whole)."""
    item = outcome.item
    trajectory = play(game, item.base, item.seed, item.policy, item.simulations)
    actions = trajectory.actions[: outcome.witness_steps]
    state = game.setup(item.base)
    for action in actions:
        state = game.apply(state, action)
    return make_log(game, item.base, actions, state)


# -- words ----------------------------------------------------------------------------------------------------------
def words(data: Any) -> str:
    """An action (or any JSON datum) in a few words: ``{"type": "Bid", "disk": 7}`` -> ``Bid disk 7``."""
    if isinstance(data, str):
        return data
    if isinstance(data, bool) or data is None:
        return str(data).lower()
    if isinstance(data, int | float):
        return str(data)
    if isinstance(data, list):
        return "[" + ", ".join(words(x) for x in data) + "]"
    if isinstance(data, dict):
        head = [words(data[k]) for k in ("type", "kind", "action") if k in data and isinstance(data[k], str)][:1]
        rest = [f"{k} {words(v)}" for k, v in sorted(data.items()) if not (head and k in ("type", "kind", "action")
                                                                           and words(v) == head[0])]
        return " ".join(head + rest)
    return str(data)


def move_words(moves: Sequence[str], limit: int = MAX_LISTED) -> str:
    """Legal moves (canonical JSON) in words, the first ``limit`` named and the rest counted."""

    def one(data: Any) -> str:  # a chance outcome is [action, "p/q"]
        if isinstance(data, list) and len(data) == 2 and isinstance(data[1], str) and "/" in data[1]:
            return f"{words(data[0])} ({data[1]})"
        return words(data)

    named = [one(json.loads(m)) for m in moves[:limit]]
    more = len(moves) - len(named)
    return ", ".join(named) + (f" and {more} more" if more > 0 else "")


def parts_words(parts: Sequence[str], limit: int = MAX_LISTED) -> str:
    """Named parts of a position in words, the first ``limit`` named and the rest counted."""
    more = len(parts) - limit
    return ", ".join(parts[:limit]) + (f" and {more} more" if more > 0 else "")


def illegal_words(end: EndPosition) -> str:
    """How a replay that stopped early stopped, for people: the step, the move and the rule that refuses it."""
    if end.refused is None:
        return f"the log becomes illegal: {end.stopped}"
    return f"the log becomes illegal {end.refused.words()}"


def end_words(end: EndPosition, against: EndPosition | None = None) -> str:
    """What a reading gives at the end position, in words; with ``against`` (the log's own reading), only what
    differs from it, and the named parts of the position that differ (``position differs in: ...``), so that
    replays that differ only in state the moves and scores do not show say so."""
    if end.stopped:
        return illegal_words(end)
    parts = []
    if end.terminal:
        winners = " and ".join(f"seat {w}" for w in end.winners)
        text = f"game over, scores {list(end.scores)}, {winners} {'win' if len(end.winners) > 1 else 'wins'}"
        same = against is not None and (against.scores, against.winners, against.terminal) == (
            end.scores, end.winners, end.terminal)
        parts.append("the same end" if same else text)
    else:
        if against is None or (end.mover, end.moves) != (against.mover, against.moves):
            kind = "chance outcome" if end.mover == "chance" else "legal move"
            kind += "" if len(end.moves) == 1 else "s"
            text = f"{end.mover} to move" if end.mover != "chance" else "a chance draw"
            if against is not None and against.mover == end.mover and against.moves != end.moves:
                only = [m for m in end.moves if m not in set(against.moves)]
                gone = [m for m in against.moves if m not in set(end.moves)]
                diff = ([f"also {move_words(only, 3)}"] if only else []) + (
                    [f"not {move_words(gone, 3)}"] if gone else [])
                text += f" with {len(end.moves)} {kind} ({'; '.join(diff)})"
            elif end.moves:
                text += f" with {len(end.moves)} {kind} ({move_words(end.moves, 3)})"
            parts.append(text)
        if against is None or end.scores != against.scores:
            parts.append(f"scores so far {list(end.scores)}")
    differing = position_parts(end, against) if against is not None else ()
    if differing:
        lead = "the same moves and scores; " if not parts else ""
        parts.append(f"{lead}position differs in: {parts_words(differing)}")
    return "; ".join(parts) if parts else "the same position"


def log_words(game: Game[Any, Any], log: GameLog, last: int = 2) -> str:
    """A log in a few words: the config, how long it is, and who did what in its last ``last`` steps."""
    modules = f", modules {', '.join(log.config.modules)}" if log.config.modules else ""
    state = game.setup(game.config(log.config.players, log.config.modules, log.config.readings_dict()))
    steps: list[str] = []
    start = max(0, len(log.actions) - last)
    for index, raw in enumerate(log.actions):
        action = game.action_from_data(raw)
        if index >= start:
            mover = game.current_player(state)
            who = "chance" if mover is CHANCE else f"seat {mover}"
            steps.append(f"{who}: {words(raw)}")
        state = game.apply(state, action)
    count = len(log.actions)
    head = f"{log.config.players} players{modules}, {count} action{'' if count == 1 else 's'} from setup"
    if steps:
        head += ", the last: " + "; ".join(steps)
    return head


def finding_log(text: str, code: str) -> tuple[GameLog, str]:
    """The witness log of finding ``code`` (in any case: ``ra-009`` is ``RA-009``) in a findings.json document, and
    the ambiguity it is about."""
    from nilerules.core import jsonio
    from nilerules.core.log import log_from_json

    doc = jsonio.loads(text, "findings", ReplayError)
    games = doc.get("games") if isinstance(doc, dict) else None
    if not isinstance(games, dict):
        raise ReplayError("not a findings.json document (no 'games' table)")
    for game in games.values():
        for f in game.get("findings", []) if isinstance(game, dict) else []:
            if isinstance(f, dict) and str(f.get("code")).upper() == code.upper():
                log = f.get("witness_log")
                if not isinstance(log, str):
                    raise ReplayError(f"finding {code!r} has no witness log (its witness is not a game)")
                return log_from_json(log), str(f.get("ambiguity", ""))
    raise ReplayError(f"no finding {code!r} in this findings.json")
