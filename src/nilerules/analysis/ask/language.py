"""A user's question in the Common Expression Language (CEL), checked against the view before it runs.

The expression is parsed by `cel-python` (``celpy``: pure Python, maintained by Cloud Custodian; its syntax errors
carry a line and a column, and it hands back the syntax tree). Before any game is played the tree is checked here
against the view's types (`CelType`, built from the game's view sketch): every name must exist at its point of the
view (the error lists the names that do), every operator must apply to its operands' types, and the expression must
be a bool (``--can``, ``--how-often``) or an int (``--max``, ``--min``). Only the standard macros and the functions
of `FUNCTIONS` and `METHODS` are accepted, so nothing outside the view is reachable: no attribute of a Python object,
no package name, no type object. It is then evaluated by celpy's interpreter (never its transpiler, which would
``exec`` generated Python) under a deterministic cost limit: `COST_LIMIT` steps of the interpreter per position, as
Kubernetes bounds a validation rule's cost.

How far a position is from satisfying a bool expression, what the guided search climbs for ``--can``, is
`nilerules.analysis.ask.distance`.
"""

from __future__ import annotations

import contextlib
import difflib
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import celpy
import lark
from celpy import celtypes
from celpy.adapter import json_to_cel
from celpy.celparser import CELParseError
from celpy.evaluation import Activation, CELEvalError, Evaluator

from nilerules.errors import QueryError

MAX_LENGTH = 2000
"""The longest expression accepted, in characters."""
MAX_DEPTH = 160
"""The deepest syntax tree accepted (about 15 nested parentheses or macros: far beyond a readable question)."""
COST_LIMIT = 200_000
"""Interpreter steps one evaluation may take at one position (a step is one node of the syntax tree visited)."""

Tree = lark.Tree[Any]
"""A node of celpy's syntax tree."""
Kind = Literal["int", "uint", "double", "bool", "string", "null", "list", "record", "map", "dyn"]


class ExpressionError(QueryError):
    """A question's expression is malformed, names something the view does not have, or mixes types; names the
    column (1-based) where the problem is when there is one."""

    def __init__(self, message: str, column: int | None = None) -> None:
        self.column = column
        super().__init__(f"column {column}: {message}" if column is not None else message)


# -- types ----------------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class CelType:
    """The type of a value in the view or in an expression. A record has fixed fields (a seat, a market, a table of
    counts by name); ``where`` names the record's place in the view for messages (``seats[]``, ``markets.gizeh``)."""

    kind: Kind
    elem: CelType | None = None
    """A list's elements, a map's values."""
    fields: tuple[tuple[str, CelType], ...] = ()
    where: str = ""

    def field(self, name: str) -> CelType | None:
        for key, value in self.fields:
            if key == name:
                return value
        return None

    def names(self) -> tuple[str, ...]:
        return tuple(key for key, _ in self.fields)

    def text(self) -> str:
        """The type as people read it: ``int``, ``list(string)``, ``record seats[]``."""
        if self.kind == "list":
            return f"list({self.elem.text() if self.elem else 'dyn'})"
        if self.kind == "map":
            return f"map(string, {self.elem.text() if self.elem else 'dyn'})"
        if self.kind == "record":
            return f"record {self.where}" if self.where else "record"
        return self.kind


INT, UINT, DOUBLE = CelType("int"), CelType("uint"), CelType("double")
BOOL, STRING, NULL, DYN = CelType("bool"), CelType("string"), CelType("null"), CelType("dyn")


def list_of(elem: CelType) -> CelType:
    return CelType("list", elem)


def record(fields: Sequence[tuple[str, CelType]], where: str = "") -> CelType:
    return CelType("record", None, tuple(fields), where)


def from_sketch(sketch: Any, where: str) -> CelType:
    """A type from a view sketch: ``int``, ``bool``, ``str``; ``[T]`` a list of T; ``{name: T, ...}`` a record with
    exactly those fields; a tuple of names, a table of counts by those names (a record of ints). The game views in
    ``nilerules.checks.<game>.view`` write them."""
    if sketch is int:
        return INT
    if sketch is bool:
        return BOOL
    if sketch is str:
        return STRING
    if isinstance(sketch, list) and len(sketch) == 1:
        return CelType("list", from_sketch(sketch[0], where + "[]"), (), where)
    if isinstance(sketch, tuple):  # a table of counts by these names
        return record([(str(k), INT) for k in sketch], where)
    if isinstance(sketch, dict):
        return record([(str(k), from_sketch(v, f"{where}.{k}" if where else str(k))) for k, v in sketch.items()], where)
    raise TypeError(f"view sketch at {where or 'the top'}: {sketch!r} is not int, bool, str, [T], names or a dict")


def _same(a: CelType, b: CelType) -> bool:
    """Whether values of the two types may be compared or combined."""
    if a.kind == "dyn" or b.kind == "dyn":
        return True
    if a.kind != b.kind:
        return False
    if a.kind in ("list", "map"):
        return a.elem is None or b.elem is None or _same(a.elem, b.elem)
    if a.kind == "record":
        return a.names() == b.names() and all(_same(x, y) for (_, x), (_, y) in zip(a.fields, b.fields, strict=True))
    return True


def _join(a: CelType, b: CelType) -> CelType:
    return b if a.kind == "dyn" else a


# -- the checker ----------------------------------------------------------------------------------------------------
MACROS = ("all", "exists", "exists_one", "filter", "map")
"""The standard CEL macros over lists: ``list.exists(x, P)`` and the others."""
FUNCTIONS = ("size", "int", "double", "string", "max", "min", "sum", "has")
"""Global functions a question may call: CEL's ``size``, ``int``, ``double``, ``string`` and ``has``, and three
over a list of numbers that this program adds (``max``, ``min``, ``sum``; an error on an empty list for the first
two)."""
METHODS = ("size", "contains", "startsWith", "endsWith")
"""Methods a question may call: ``list.size()``, ``string.size()`` and CEL's string tests (not ``matches``: the
view's strings are names, and a malformed pattern makes the regular-expression library write to stderr)."""


@dataclass(slots=True)
class Uses:
    """What an expression reads from the view: the top-level names, and the fields of a seat (None: whole seats)."""

    top: set[str] = field(default_factory=set)
    seat_fields: set[str] | None = field(default_factory=set)
    paths: set[str] = field(default_factory=set)
    """Every place of the view named (``neutral``, ``neutral.score``, ``seats[].score``)."""

    def whole(self, t: CelType) -> None:
        if (t.kind == "record" and t.where == "seats[]") or (t.kind == "list" and t.where == "seats"):
            self.seat_fields = None


def unwrap(tree: Tree) -> Tree:
    """Skip the grammar's single-child levels (``expr`` → ``conditionalor`` → … → ``primary``)."""
    while (
        isinstance(tree, lark.Tree)
        and len(tree.children) == 1
        and isinstance(tree.children[0], lark.Tree)
        and tree.data in _PASS
    ):
        tree = tree.children[0]
    return tree


_PASS = frozenset({"expr", "conditionalor", "conditionaland", "relation", "addition", "multiplication", "unary",
                   "member", "primary"})
RELATIONS = {"relation_lt": "<", "relation_le": "<=", "relation_gt": ">", "relation_ge": ">=",
              "relation_eq": "==", "relation_ne": "!=", "relation_in": "in"}
_ARITHMETIC = {"addition_add": "+", "addition_sub": "-", "multiplication_mul": "*", "multiplication_div": "/",
               "multiplication_mod": "%"}


def _column(node: Any) -> int | None:
    if isinstance(node, lark.Token):
        return node.column
    meta = getattr(node, "meta", None)
    return getattr(meta, "column", None) if meta is not None and not getattr(meta, "empty", True) else None


def _depth(tree: Tree) -> int:
    deepest, stack = 0, [(tree, 1)]
    while stack:
        node, level = stack.pop()
        deepest = max(deepest, level)
        stack += [(c, level + 1) for c in node.children if isinstance(c, lark.Tree)]
    return deepest


def _names(names: Sequence[str], wrong: str = "") -> str:
    """The names that exist here, the likeliest meant first (``nilerules ask GAME --view`` lists them all)."""
    close = difflib.get_close_matches(wrong, names, n=3, cutoff=0.6) if wrong else []
    rest = [n for n in names if n not in close]
    shown = ", ".join(rest[:24]) + (f", ... ({len(names)} names)" if len(rest) > 24 else "")
    meant = f"did you mean {' or '.join(repr(c) for c in close)}? " if close else ""
    return f"{meant}names here: {shown or 'none'}"


class _Checker:
    def __init__(self, top: CelType) -> None:
        self.top = top
        self.uses = Uses()

    def fail(self, message: str, node: Any) -> ExpressionError:
        return ExpressionError(message, _column(node))

    def check(self, tree: Tree, scope: Mapping[str, CelType]) -> CelType:
        tree = unwrap(tree)
        kind = tree.data
        children = tree.children
        if kind == "expr":  # cond ? a : b
            cond, then, other = children
            if not _same(self.check(cond, scope), BOOL):
                raise self.fail("the condition before '?' must be a bool", cond)
            a, b = self.check(then, scope), self.check(other, scope)
            if not _same(a, b):
                raise self.fail(f"the two branches of '?:' differ in type: {a.text()} and {b.text()}", other)
            return _join(a, b)
        if kind in ("conditionalor", "conditionaland"):
            op = "||" if kind == "conditionalor" else "&&"
            for child in children:
                t = self.check(child, scope)
                if not _same(t, BOOL):
                    raise self.fail(f"'{op}' needs bool operands, not {t.text()}", child)
            return BOOL
        if kind == "relation":
            left_op, right = children
            op = RELATIONS[left_op.data]
            a, b = self.check(left_op.children[0], scope), self.check(right, scope)
            return self.relation(op, a, b, left_op.children[0], right)
        if kind in ("addition", "multiplication"):
            left_op, right = children
            op = _ARITHMETIC[left_op.data]
            a, b = self.check(left_op.children[0], scope), self.check(right, scope)
            return self.arithmetic(op, a, b, right)
        if kind == "unary":
            sign, operand = children
            t = self.check(operand, scope)
            if sign.data == "unary_not":
                if not _same(t, BOOL):
                    raise self.fail(f"'!' needs a bool, not {t.text()}", operand)
                return BOOL
            if t.kind not in ("int", "double", "dyn"):
                raise self.fail(f"'-' needs an int or a double, not {t.text()}", operand)
            return t
        if kind == "member_dot":
            target, name = children
            return self.select(self.check(target, scope), str(name), name)
        if kind == "member_dot_arg":
            return self.method(tree, scope)
        if kind == "member_index":
            target, index = children
            return self.index(self.check(target, scope), index, scope)
        if kind == "ident":
            return self.ident(_token(children[0]), scope)
        if kind == "ident_arg":
            return self.function(tree, scope)
        if kind == "paren_expr":
            return self.check(children[0], scope)
        if kind == "list_lit":
            elem = DYN
            for item in children[0].children if children else ():
                t = self.check(item, scope)
                if not _same(elem, t):
                    raise self.fail(f"a list's items differ in type: {elem.text()} and {t.text()}", item)
                elem = _join(elem, t)
            return list_of(elem)
        if kind == "map_lit":
            value = DYN
            items = children[0].children if children else []
            for key, item in zip(items[::2], items[1::2], strict=True):
                k = self.check(key, scope)
                if not _same(k, STRING):
                    raise self.fail(f"a map's keys must be strings, not {k.text()}", key)
                t = self.check(item, scope)
                if not _same(value, t):
                    raise self.fail(f"a map's values differ in type: {value.text()} and {t.text()}", item)
                value = _join(value, t)
            return CelType("map", value)
        if kind == "literal":
            return self.literal(_token(children[0]))
        raise self.fail("this construct is not available in questions (use the view's names)", tree)

    def literal(self, token: lark.Token) -> CelType:
        kinds = {"INT_LIT": INT, "UINT_LIT": UINT, "FLOAT_LIT": DOUBLE, "STRING_LIT": STRING,
                 "MLSTRING_LIT": STRING, "BOOL_LIT": BOOL, "NULL_LIT": NULL}
        if token.type not in kinds:
            raise self.fail(f"{token.type.lower().replace('_lit', '')} literals are not available in questions", token)
        return kinds[token.type]

    def ident(self, token: lark.Token, scope: Mapping[str, CelType]) -> CelType:
        name = str(token)
        if name in scope:
            return scope[name]
        found = self.top.field(name)
        if found is None:
            here = [*scope, *self.top.names()]
            raise self.fail(f"unknown name {name!r} ({_names(here, name)})", token)
        self.uses.top.add(name)
        self.uses.paths.add(name)
        return found

    def select(self, target: CelType, name: str, token: Any) -> CelType:
        if target.kind == "dyn":
            return DYN
        if target.kind == "map":
            return target.elem or DYN
        if target.kind != "record":
            raise self.fail(f"{target.text()} has no field {name!r}", token)
        found = target.field(name)
        if found is None:
            where = f" in {target.where}" if target.where else ""
            raise self.fail(f"unknown name {name!r}{where} ({_names(target.names(), name)})", token)
        if target.where == "seats[]" and self.uses.seat_fields is not None:
            self.uses.seat_fields.add(name)
        self.uses.paths.add(f"{target.where}.{name}" if target.where else name)
        return found

    def index(self, target: CelType, index: Tree, scope: Mapping[str, CelType]) -> CelType:
        key = self.check(index, scope)
        if target.kind == "list":
            if not _same(key, INT):
                raise self.fail(f"a list is indexed by an int, not {key.text()}", index)
            return target.elem or DYN
        if target.kind == "map":
            if not _same(key, STRING):
                raise self.fail(f"a map is indexed by a string, not {key.text()}", index)
            return target.elem or DYN
        if target.kind == "record":
            literal = unwrap(index)
            first = literal.children[0]
            quoted = isinstance(first, lark.Token) and first.type in ("STRING_LIT", "MLSTRING_LIT")
            if literal.data == "literal" and isinstance(first, lark.Token) and quoted:
                return self.select(target, _string_value(first), first)
            values = {t.text() for _, t in target.fields}
            if not _same(key, STRING) or len(values) != 1:
                raise self.fail(f"index {target.text()} with a quoted name ({_names(target.names())})", index)
            self.uses.whole(target)
            return target.fields[0][1]
        if target.kind == "dyn":
            return DYN
        raise self.fail(f"{target.text()} cannot be indexed", index)

    def relation(self, op: str, a: CelType, b: CelType, left: Any, right: Any) -> CelType:
        if op == "in":
            if b.kind == "list":
                if not _same(a, b.elem or DYN):
                    raise self.fail(f"'in': {a.text()} cannot be in a {b.text()}", left)
                return BOOL
            if b.kind in ("record", "map"):
                if not _same(a, STRING):
                    raise self.fail(f"'in' a {b.text()} tests a name: a string, not {a.text()}", left)
                self.uses.whole(b)
                return BOOL
            if b.kind == "dyn":
                return BOOL
            raise self.fail(f"'in' needs a list or a record on its right, not {b.text()}", right)
        if op in ("==", "!="):
            if not (_same(a, b) or NULL in (a, b)):
                raise self.fail(f"'{op}' compares {a.text()} with {b.text()}", right)
            self.uses.whole(a)
            self.uses.whole(b)
            return BOOL
        if not _same(a, b) or not {a.kind, b.kind} <= {"int", "uint", "double", "string", "bool", "dyn"}:
            raise self.fail(f"'{op}' compares {a.text()} with {b.text()}", right)
        return BOOL

    def arithmetic(self, op: str, a: CelType, b: CelType, right: Any) -> CelType:
        allowed = {"int", "uint", "double", "dyn"} | ({"string", "list"} if op == "+" else set())
        if op == "%":
            allowed -= {"double"}
        if not _same(a, b) or a.kind not in allowed or b.kind not in allowed:
            hint = " (convert one side with int() or double())" if {a.kind, b.kind} == {"int", "double"} else ""
            raise self.fail(f"'{op}' cannot combine {a.text()} and {b.text()}{hint}", right)
        return _join(a, b)

    def _args(self, tree: Tree) -> list[Tree]:
        return list(tree.children[2].children) if len(tree.children) > 2 else []

    def method(self, tree: Tree, scope: Mapping[str, CelType]) -> CelType:
        target_tree, name_token = tree.children[0], tree.children[1]
        name = str(name_token)
        args = self._args(tree)
        target = self.check(target_tree, scope)
        if name in MACROS:
            if target.kind not in ("list", "dyn"):
                raise self.fail(f"'.{name}()' needs a list, not {target.text()}", name_token)
            if len(args) != 2:
                raise self.fail(f"'.{name}()' takes a variable and an expression: .{name}(x, ...)", name_token)
            var = unwrap(args[0])
            if var.data != "ident":
                raise self.fail(f"the first argument of '.{name}()' must be a new variable name", args[0])
            var_name = str(var.children[0])
            if var_name in scope or self.top.field(var_name) is not None:
                raise self.fail(f"the variable {var_name!r} already names something here: choose another", var)
            elem = target.elem or DYN
            body = self.check(args[1], {**scope, var_name: elem})
            if name == "map":
                return list_of(body)
            if not _same(body, BOOL):
                raise self.fail(f"'.{name}()' needs a bool expression, not {body.text()}", args[1])
            return target if name == "filter" else BOOL
        if name not in METHODS:
            raise self.fail(f"unknown method {name!r} (methods: {', '.join(MACROS + METHODS)})", name_token)
        types = [self.check(a, scope) for a in args]
        if name == "size":
            return self._size(target, types, name_token)
        if target.kind not in ("string", "dyn") or len(types) != 1 or not _same(types[0], STRING):
            raise self.fail(f"'.{name}()' is a string method taking one string", name_token)
        return BOOL

    def _size(self, target: CelType, types: list[CelType], token: Any) -> CelType:
        if types or target.kind not in ("list", "string", "record", "map", "dyn"):
            raise self.fail(f"size() needs one list, string or record, not {target.text()}", token)
        self.uses.whole(target)
        return INT

    def function(self, tree: Tree, scope: Mapping[str, CelType]) -> CelType:
        name_token = tree.children[0]
        name = str(name_token)
        args = list(tree.children[1].children) if len(tree.children) > 1 else []
        if name not in FUNCTIONS:
            raise self.fail(f"unknown function {name!r} (functions: {', '.join(FUNCTIONS)})", name_token)
        if name == "has":
            if len(args) != 1 or unwrap(args[0]).data != "member_dot":
                raise self.fail("has() takes one field selection: has(x.name)", name_token)
            self.check(args[0], scope)
            return BOOL
        if len(args) != 1:
            raise self.fail(f"{name}() takes one argument", name_token)
        t = self.check(args[0], scope)
        if name == "size":
            return self._size(t, [], name_token)
        if name in ("int", "double"):
            if t.kind not in ("int", "uint", "double", "string", "dyn"):
                raise self.fail(f"{name}() converts a number or a string, not {t.text()}", args[0])
            return INT if name == "int" else DOUBLE
        if name == "string":
            if t.kind not in ("int", "uint", "double", "string", "bool", "dyn"):
                raise self.fail(f"string() converts a number, a string or a bool, not {t.text()}", args[0])
            return STRING
        # max, min, sum over a list of numbers
        elem = t.elem if t.kind == "list" else None
        if t.kind == "dyn" or (elem is not None and elem.kind == "dyn"):
            return DYN
        if elem is None or elem.kind not in ("int", "uint", "double"):
            raise self.fail(f"{name}() takes a list of numbers, not {t.text()}", args[0])
        return elem


def _token(node: Any) -> lark.Token:
    if not isinstance(node, lark.Token):
        raise ExpressionError("unexpected syntax", _column(node))
    return node


def _string_value(token: lark.Token) -> str:
    """The value of a simple quoted string literal (escapes are rare in names: they are left as written)."""
    text = str(token)
    if text[:1] in "rR":
        text = text[1:]
    quote = 3 if text[:3] in ('"""', "'''") else 1
    return text[quote:-quote]


# -- compiling ------------------------------------------------------------------------------------------------------
_ENV: celpy.Environment | None = None


@contextlib.contextmanager
def recursion_room(limit: int) -> Iterator[None]:
    """The interpreter recurses once per level of the tree: give it room, then restore the limit."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, limit))
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


def _environment() -> celpy.Environment:
    global _ENV
    if _ENV is None:
        old = sys.getrecursionlimit()
        _ENV = celpy.Environment()  # it raises the recursion limit as a side effect: restored at once
        sys.setrecursionlimit(old)
    return _ENV


def _list_values(value: Any, name: str) -> list[Any]:
    if not isinstance(value, list):
        raise TypeError(f"{name}() takes a list")
    return list(value)


def _max(value: Any) -> Any:
    items = _list_values(value, "max")
    if not items:
        raise ValueError("max() of an empty list")
    return max(items)


def _min(value: Any) -> Any:
    items = _list_values(value, "min")
    if not items:
        raise ValueError("min() of an empty list")
    return min(items)


def _sum(value: Any) -> Any:
    items = _list_values(value, "sum")
    total: Any = celtypes.IntType(0)
    if items and isinstance(items[0], celtypes.DoubleType):
        total = celtypes.DoubleType(0.0)
    for item in items:
        total = total + item
    return total


_EXTRA_FUNCTIONS: dict[str, Callable[..., Any]] = {"max": _max, "min": _min, "sum": _sum}


@dataclass(frozen=True, slots=True)
class Expression:
    """A checked expression: its text, its type (bool or int) and what it reads from the view."""

    text: str
    tree: Tree
    type: CelType
    top: frozenset[str]
    """The view's top-level names it reads."""
    seat_fields: frozenset[str] | None
    """The fields of a seat it reads; None when it uses whole seats."""
    paths: frozenset[str] = frozenset()
    """Every place of the view it names (``neutral.score``, ``seats[].score``)."""


def compile_expression(text: str, view_type: CelType, want: Literal["bool", "int"]) -> Expression:
    """Parse and check ``text`` against the view's type; an `ExpressionError` (one line, with the column) otherwise."""
    if not isinstance(text, str) or not text.strip():
        raise ExpressionError("the expression is empty")
    if len(text) > MAX_LENGTH:
        raise ExpressionError(f"the expression has {len(text)} characters; at most {MAX_LENGTH}")
    env = _environment()
    try:
        tree = env.compile(text)
    except CELParseError as exc:
        what, column = _syntax_what(exc, text)
        raise ExpressionError(f"syntax error: {what}", column) from None
    if _depth(tree) > MAX_DEPTH:
        raise ExpressionError(f"the expression is nested too deeply (at most {MAX_DEPTH} levels of its syntax tree)")
    checker = _Checker(view_type)
    with recursion_room(4 * MAX_DEPTH + 200):
        result = checker.check(tree, {})
    if want == "bool" and not _same(result, BOOL):
        raise ExpressionError(f"the question needs a bool expression (true or false), this one is {result.text()}")
    if want == "int" and result.kind not in ("int", "dyn"):
        raise ExpressionError(f"--max and --min need an int expression, this one is {result.text()}")
    uses = checker.uses
    return Expression(
        text, tree, BOOL if want == "bool" else INT, frozenset(uses.top),
        None if uses.seat_fields is None else frozenset(uses.seat_fields), frozenset(uses.paths),
    )


_SYMBOLS = {"RPAR": "')'", "RSQB": "']'", "RBRACE": "'}'", "COMMA": "','", "COLON": "':'", "IDENT": "a name",
            "LPAR": "'('", "QMARK": "'?'"}


def _open_bracket(text: str) -> str | None:
    """The terminal that closes the innermost bracket still open at the end of ``text`` (quotes skipped)."""
    closers = {"(": "RPAR", "[": "RSQB", "{": "RBRACE"}
    stack: list[str] = []
    quote = ""
    for char in text:
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char in closers:
            stack.append(closers[char])
        elif char in ")]}" and stack:
            stack.pop()
    return stack[-1] if stack else None


def _syntax_what(exc: CELParseError, text: str) -> tuple[str, int | None]:
    """What the parser met and where (celpy raises its error while handling lark's, which says what it expected)."""
    cause = exc.__context__
    token = getattr(cause, "token", None)
    if token is not None and getattr(token, "type", "") == "$END":
        closer = _open_bracket(text)
        allowed = {"RPAR", "RSQB", "RBRACE"} - ({closer} if closer else set())
        expected = sorted(_SYMBOLS[e] for e in getattr(cause, "expected", ()) if e in _SYMBOLS and e not in allowed)
        hint = f" (expected {' or '.join(expected)})" if expected else ""
        return f"the expression ends too early{hint}", len(text.rstrip()) + 1
    column = exc.column
    if token is not None:
        return f"unexpected {str(token)!r}", column
    index = (column or 1) - 1
    char = text[index] if 0 <= index < len(text) else ""
    hint = " (a string without its closing quote?)" if char in "\"'" else ""
    return f"unexpected character {char!r}{hint}", column


# -- evaluation -----------------------------------------------------------------------------------------------------
class CostExceeded(Exception):
    """One evaluation took more than `COST_LIMIT` interpreter steps."""


@dataclass(slots=True)
class _Meter:
    steps: int = 0


class _MeteredEvaluator(Evaluator):
    """celpy's interpreter, counting the nodes it visits (macro bodies included) against `COST_LIMIT`."""

    meter: _Meter

    def visit(self, tree: Tree) -> Any:
        self._step(1)
        return super().visit(tree)

    def visit_children(self, tree: Tree) -> list[Any]:
        self._step(len(tree.children))
        return super().visit_children(tree)

    def _step(self, steps: int) -> None:
        meter = self.meter
        meter.steps += steps
        if meter.steps > COST_LIMIT:
            raise CostExceeded

    def sub_evaluator(self, ast: Tree) -> Evaluator:
        nested = _MeteredEvaluator(ast, activation=self.activation)
        nested.meter = self.meter
        return nested


class EvaluationError(Exception):
    """The expression could not be evaluated at one position (an index out of range, max() of an empty list, an
    overflow): the message says why."""


_ACTIVATION: Activation | None = None


def _activation() -> Activation:
    """The names every evaluation starts from: celpy's standard functions and `_EXTRA_FUNCTIONS` (each evaluation
    binds the view's values over a copy of it)."""
    global _ACTIVATION
    if _ACTIVATION is None:
        env = _environment()
        _ACTIVATION = Activation(package=env.package, annotations=env.annotations, functions=_EXTRA_FUNCTIONS)
    return _ACTIVATION


def run(tree: Tree, values: Mapping[str, Any]) -> Any:
    """Evaluate a syntax tree (the whole expression or a part of it) with the given CEL values, under the cost
    limit; `EvaluationError` when it has no value there."""
    evaluator = _MeteredEvaluator(tree, _activation())
    evaluator.meter = _Meter()
    try:
        with recursion_room(4 * MAX_DEPTH + 200):
            return evaluator.evaluate(dict(values))
    except CostExceeded:
        raise ExpressionError(
            f"evaluating the expression at one position took more than {COST_LIMIT} steps: ask a simpler question"
        ) from None
    except CELEvalError as exc:
        raise EvaluationError(_eval_message(exc)) from None
    except (ArithmeticError, LookupError, TypeError, ValueError, RecursionError) as exc:
        raise EvaluationError(f"{type(exc).__name__}: {exc}"[:200]) from None


def _eval_message(exc: CELEvalError) -> str:
    what = str(exc.args[0]) if exc.args else "error"
    cause = exc.args[2] if len(exc.args) > 2 else ()
    reason = cause[0] if isinstance(cause, tuple) and cause and isinstance(cause[0], str) else ""
    where = f" at column {exc.column}" if exc.column is not None else ""
    if reason and what == "return error for overflow":  # celpy's words for any ValueError a function raised
        return f"{reason}{where}"[:200]
    return f"{what}{f' ({reason})' if reason else ''}{where}"[:200]


def to_cel(data: Mapping[str, Any]) -> dict[str, Any]:
    """View data (plain ints, strings, bools, lists and dicts) as CEL values."""
    return {key: json_to_cel(value) for key, value in data.items()}


def evaluate(expression: Expression, values: Mapping[str, Any]) -> bool | int:
    """The expression's value at one position (``values`` from `to_cel`); `EvaluationError` when it has none there."""
    result = run(expression.tree, values)
    if expression.type is BOOL:
        if not isinstance(result, celtypes.BoolType):
            raise EvaluationError(f"the expression gave {type(result).__name__}, not a bool")
        return bool(result)
    if isinstance(result, celtypes.BoolType) or not isinstance(result, celtypes.IntType | celtypes.UintType):
        raise EvaluationError(f"the expression gave {type(result).__name__}, not an int")
    return int(result)
