"""What every game's native state record shares, written once: value equality, hash, repr, pickling and
``_replace`` over its fields.

Nefertiti's ``NefState``, Sobek's ``SobekState`` and Nile Artefacts' ``NAState`` are classes that mypyc compiles (a
regular install) so that a copy is one C call and a field read a struct read. Each subclass writes only what must name
its fields: ``__init__``, ``fields()`` (the fields in order), ``field_names()`` (their names, in the same order) and,
where the rules copy states, ``copy()``. A state is a value: equal states have equal fields, and its hash is that of
its fields (the hash a NamedTuple of the same fields had).
"""

from __future__ import annotations

from typing import Any


class NativeState:
    """A state record whose fields are read through ``fields()`` (see the module docstring)."""

    def fields(self) -> tuple[Any, ...]:
        """Every field, in ``field_names()`` order."""
        raise NotImplementedError

    def field_names(self) -> tuple[str, ...]:
        """The names of the fields, in ``fields()`` order."""
        raise NotImplementedError

    def field_list(self) -> list[Any]:
        """The fields as a new list, in order (off the hot path: ``_replace`` and the JSON twin)."""
        return list(self.fields())

    def _replace(self, **changes: Any) -> Any:
        """A copy with some fields changed, as ``NamedTuple._replace`` (ValueError for a name that is no field); the
        class must take its fields positionally, in order."""
        names = self.field_names()
        unknown = [name for name in changes if name not in names]
        if unknown:
            raise ValueError(f"Got unexpected field names: {unknown!r}")
        values = self.field_list()
        for name, value in changes.items():
            values[names.index(name)] = value
        maker: Any = type(self)
        return maker(*values)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, NativeState) or type(other) is not type(self):
            return NotImplemented
        return self is other or self.fields() == other.fields()

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, NativeState) or type(other) is not type(self):
            return NotImplemented
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash(self.fields())

    def __repr__(self) -> str:
        body = ", ".join(f"{name}={value!r}" for name, value in zip(self.field_names(), self.fields(), strict=True))
        return f"{type(self).__name__}({body})"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as its class and fields (states travel to and from worker processes); the class must take its
        fields positionally, in order, or override this."""
        return from_fields, (type(self), self.fields())


def from_fields(cls: type[NativeState], values: tuple[Any, ...]) -> NativeState:
    """The state of class ``cls`` whose fields are ``values``, in order (how a pickled state is rebuilt)."""
    maker: Any = cls
    state: NativeState = maker(*values)
    return state
