"""JSON encoding of game states: frozen dataclasses of ints, strings, tuples and frozensets."""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import cache
from typing import Any, TypeVar

T = TypeVar("T")


def encode(value: Any) -> Any:
    """A JSON-safe form of a state or any value inside one."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, frozenset):
        items = [encode(v) for v in value]
        if all(type(v) is int for v in items):
            return sorted(items)
        return sorted(items, key=_sort_key)
    if isinstance(value, tuple | list):
        return [encode(v) for v in value]
    if value is None or isinstance(value, bool | int | str):
        return value
    raise TypeError(f"cannot encode {type(value).__name__}")


def _sort_key(v: Any) -> tuple[str, str]:
    return (type(v).__name__, repr(v))


def decode(cls: type[T], data: Any) -> T:
    """Rebuild a state of type cls from its encoded form."""
    return typing.cast(T, _decode(cls, data))


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _decode(tp: Any, data: Any) -> Any:
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        if not isinstance(data, dict):
            raise ValueError(f"expected an object for {tp.__name__}")
        hints = _hints(tp)
        fields = {f.name for f in dataclasses.fields(tp)}
        if set(data) != fields:
            raise ValueError(f"fields of {tp.__name__} do not match")
        return tp(**{name: _decode(hints[name], data[name]) for name in fields})
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        rest = [a for a in args if a is not type(None)]
        if len(rest) != 1:
            raise TypeError(f"unsupported union {tp}")
        return _decode(rest[0], data)
    if origin is tuple:
        if not isinstance(data, list):
            raise ValueError("expected a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], v) for v in data)
        if len(args) != len(data):
            raise ValueError("tuple length mismatch")
        return tuple(_decode(a, v) for a, v in zip(args, data, strict=True))
    if origin is frozenset:
        if not isinstance(data, list):
            raise ValueError("expected a list")
        return frozenset(_decode(args[0], v) for v in data)
    if tp in (int, str, bool):
        if type(data) is not tp:
            raise ValueError(f"expected {tp.__name__}")
        return data
    if tp is type(None):
        if data is not None:
            raise ValueError("expected null")
        return None
    raise TypeError(f"unsupported type {tp}")
