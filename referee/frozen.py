"""`@frozen`: a frozen dataclass, built with one compile instead of six.

`@frozen` means `@dataclass(frozen=True)` (with `slots` and `kw_only` as
given) and makes a real dataclass: `fields`, `replace`, `asdict`, pattern
matching, pickling and copying work as usual, and assigning to a field
raises `FrozenInstanceError`. The difference is start-up time. On
Python 3.11 and 3.12, `dataclasses` compiles source for each generated
method (`__init__`, `__repr__`, `__eq__`, `__hash__`, `__setattr__`,
`__delattr__`) and a docstring from the signature, so the value classes on
the way to a one-file check cost more than the check itself. Here only
`__init__` is compiled (its signature and speed matter); the other methods
are closures over the field names, equality and hashing compare the same
tuples, and a class without a docstring keeps an empty one. On 3.13 and
later `@frozen` is `dataclass(frozen=True)` itself. `tests/core/test_frozen.py`
compares the two, method by method.

Not supported (TypeError): `InitVar` fields (so `__post_init__` takes no
arguments) and a class body defining `__setattr__` or `__delattr__`.
"""

from __future__ import annotations

import dataclasses
import sys
from operator import attrgetter
from typing import Any, Callable, TypeVar, cast, dataclass_transform, overload

__all__ = ["frozen"]

T = TypeVar("T")

_NATIVE = sys.version_info >= (3, 13)


class _Factory:
    """The default of a parameter whose field has a default_factory."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


@overload
def frozen(cls: type[T], /) -> type[T]: ...
@overload
def frozen(
    cls: None = None, /, *, slots: bool = False, kw_only: bool = False, eq: bool = True
) -> Callable[[type[T]], type[T]]: ...


# Typing only: type checkers read `@frozen` classes as frozen dataclasses
# (fields, __init__, replace); at run time it only sets an attribute on the function.
@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
def frozen(
    cls: type[T] | None = None, /, *, slots: bool = False, kw_only: bool = False, eq: bool = True
) -> type[T] | Callable[[type[T]], type[T]]:
    """`@frozen` or `@frozen(slots=True, kw_only=True)`; `eq=False` keeps
    identity equality and hashing (for interned values). See the module."""
    def wrap(target: type[T]) -> type[T]:
        if _NATIVE:
            return dataclasses.dataclass(target, frozen=True, slots=slots, kw_only=kw_only, eq=eq)
        return _build(target, slots=slots, kw_only=kw_only, eq=eq)
    return wrap if cls is None else wrap(cls)


def _build(cls: type[T], *, slots: bool, kw_only: bool, eq: bool = True) -> type[T]:
    for name in ("__setattr__", "__delattr__"):
        if name in cls.__dict__:
            raise TypeError(f"@frozen class {cls.__name__} defines {name}")
    own_hash = cls.__dict__.get("__hash__", dataclasses.MISSING)
    explicit_hash = not (own_hash is dataclasses.MISSING or (own_hash is None and "__eq__" in cls.__dict__))
    if any("InitVar" in str(kind) for kind in cls.__dict__.get("__annotations__", {}).values()):
        raise TypeError(f"@frozen class {cls.__name__}: InitVar fields are not supported")
    undocumented = cls.__dict__.get("__doc__") is None
    if undocumented:
        # Not empty while dataclasses looks: it builds a docstring for an empty one from the
        # signature (inspect and tokenize, whose first use compiles tokenize's patterns: a
        # tenth of a one-file check's start-up).
        cls.__doc__ = "-"
    # dataclasses collects the fields (and makes the slots class); it generates nothing here.
    cls = dataclasses.dataclass(cls, init=False, repr=False, eq=False, frozen=False, slots=slots, kw_only=kw_only)
    if undocumented:
        cls.__doc__ = ""
    fields = dataclasses.fields(cast(Any, cls))  # a dataclass now; mypy sees only type[T]
    namespace: dict[str, Any] = {"__frozen_set__": object.__setattr__, "__frozen_factory__": _FACTORY}
    generated: dict[str, Any] = {}
    exec(_init(cls, fields, namespace), namespace, generated)  # noqa: S102 - our own generated source
    methods = {"__init__": generated["__init__"], **_frozen_methods(cls, tuple(f.name for f in fields))}
    if "__repr__" not in cls.__dict__:
        methods["__repr__"] = _repr(tuple(f.name for f in fields if f.repr))
    if eq and "__eq__" not in cls.__dict__:
        methods["__eq__"] = _eq(_getter(tuple(f.name for f in fields if f.compare)))
    if eq and not explicit_hash:
        methods["__hash__"] = _hash(_getter(tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash))))
    for name, function in methods.items():
        function.__qualname__ = f"{cls.__qualname__}.{name}"
        setattr(cls, name, function)
    cls.__init__.__annotations__ = {f.name: f.type for f in fields if f.init} | {"return": None}
    return cls


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple]:
    """A function giving the tuple of the named attributes."""
    if len(names) >= 2:
        return attrgetter(*names)
    if names:
        name = names[0]
        return lambda item: (getattr(item, name),)
    return lambda item: ()


def _repr(names: tuple[str, ...]) -> Callable[[Any], str]:
    def __repr__(self: Any) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{self.__class__.__qualname__}({shown})"
    return __repr__


def _eq(key: Callable[[Any], tuple]) -> Callable[[Any, Any], Any]:
    def __eq__(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented
    return __eq__


def _hash(key: Callable[[Any], tuple]) -> Callable[[Any], int]:
    def __hash__(self: Any) -> int:
        return hash(key(self))
    return __hash__


def _frozen_methods(cls: type[Any], names: tuple[str, ...]) -> dict[str, Callable]:
    """__setattr__ and __delattr__ that refuse, as dataclasses' frozen ones do,
    and for slots classes the __getstate__/__setstate__ that pickle and copy
    need once setattr is refused."""
    fields = frozenset(names)

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in fields:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in fields:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    methods: dict[str, Callable] = {"__setattr__": __setattr__, "__delattr__": __delattr__}
    if "__slots__" in cls.__dict__:
        def __getstate__(self: Any) -> list:
            return [getattr(self, name) for name in names]

        def __setstate__(self: Any, state: list) -> None:
            for name, item in zip(names, state):
                object.__setattr__(self, name, item)
        methods.update(__getstate__=__getstate__, __setstate__=__setstate__)
    return methods


def _init(cls: type, fields: tuple[dataclasses.Field, ...], namespace: dict[str, Any]) -> str:
    """The source of `__init__`, with defaults and factories put in `namespace`."""
    positional: list[str] = []
    keyword: list[str] = []
    body: list[str] = []
    for f in fields:
        has_default = f.default is not dataclasses.MISSING
        factory: Callable[[], Any] | None = None if f.default_factory is dataclasses.MISSING else f.default_factory
        if factory is not None:
            namespace[f"__frozen_factory_{f.name}__"] = factory
        if has_default:
            namespace[f"__frozen_default_{f.name}__"] = f.default
        if not f.init:
            if factory is not None:
                body.append(f"  __frozen_set__(self, {f.name!r}, __frozen_factory_{f.name}__())")
            elif has_default:
                body.append(f"  __frozen_set__(self, {f.name!r}, __frozen_default_{f.name}__)")
            continue
        parameter = f.name
        if factory is not None:
            parameter += "=__frozen_factory__"
            fresh = f"__frozen_factory_{f.name}__() if {f.name} is __frozen_factory__ else {f.name}"
            body.append(f"  __frozen_set__(self, {f.name!r}, {fresh})")
        else:
            if has_default:
                parameter += f"=__frozen_default_{f.name}__"
            body.append(f"  __frozen_set__(self, {f.name!r}, {f.name})")
        (keyword if f.kw_only else positional).append(parameter)
    if hasattr(cls, "__post_init__"):
        body.append("  self.__post_init__()")
    parameters = ", ".join(["self", *positional, *(["*", *keyword] if keyword else [])])
    return f"def __init__({parameters}):\n" + ("\n".join(body) or "  pass")
