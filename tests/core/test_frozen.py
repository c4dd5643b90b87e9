"""`@frozen` behaves as `@dataclass(frozen=True)`: the same class built both
ways answers the same to construction, repr, equality, hashing, assignment,
pickling, copying, `replace`, `fields` and pattern matching."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from dataclasses import dataclass, field

import pytest

from referee import frozen as module
from referee.frozen import frozen


def _kinds(**options):
    """The same class body built by dataclasses and by @value's own builder."""
    def body():
        class Sample:
            a: int
            b: str = "x"
            c: list = field(default_factory=list, compare=False)
            d: int = field(default=4, repr=False)
            e: tuple = field(default=(), hash=False)

            def total(self) -> int:
                return self.a + self.d
        return Sample
    built = []
    for how, make in (("stdlib", lambda c: dataclass(c, frozen=True, **options)),
                      ("ours", lambda c: module._build(c, **options))):
        cls = body()
        cls.__name__ = cls.__qualname__ = "_".join(["Sample", how, *(k for k, v in options.items() if v)])
        cls.__module__ = __name__
        globals()[cls.__name__] = made = make(cls)  # module-level, so that pickle finds it
        built.append(made)
    return built


@pytest.mark.parametrize("options", [dict(slots=False, kw_only=False), dict(slots=True, kw_only=False),
                                     dict(slots=True, kw_only=True), dict(slots=False, kw_only=True)])
def test_same_behaviour_as_a_frozen_dataclass(options):
    stdlib, ours = _kinds(**options)
    assert [f.name for f in dataclasses.fields(stdlib)] == [f.name for f in dataclasses.fields(ours)]
    assert str(inspect.signature(stdlib)) == str(inspect.signature(ours))
    assert stdlib.__match_args__ == ours.__match_args__
    assert hasattr(ours, "__slots__") == options["slots"]
    call = (lambda cls, **kw: cls(**kw)) if options["kw_only"] else (lambda cls, **kw: cls(kw.pop("a"), **kw))
    for kw in (dict(a=1), dict(a=1, b="y", c=[1], d=5, e=(1,)), dict(a=2, c=[9], e=(3,))):
        s, o = call(stdlib, **dict(kw)), call(ours, **dict(kw))
        assert repr(s).partition("(")[2] == repr(o).partition("(")[2]
        assert repr(o).startswith(ours.__qualname__ + "(")
        assert o.total() == s.total()
        assert hash(s) == hash(o)
        twin = call(ours, **dict(kw, c=["other"], e=("other",)))
        assert (twin == o) == (call(stdlib, **dict(kw, c=["other"], e=("other",))) == s)
        assert o != s and o != (o.a,) and o.__eq__(s) is NotImplemented
        for attempt in (lambda: setattr(o, "a", 9), lambda: delattr(o, "a"), lambda: setattr(o, "new", 1)):
            with pytest.raises(dataclasses.FrozenInstanceError):
                attempt()
        assert pickle.loads(pickle.dumps(o)) == o
        assert copy.copy(o) == o and copy.deepcopy(o) == o
        assert dataclasses.replace(o, a=7).a == 7 and dataclasses.replace(o, a=7).b == o.b
        assert dataclasses.asdict(o) == dataclasses.asdict(s)
        match o:
            case ours(a=a_value):
                assert a_value == o.a
    assert call(ours, a=1).c is not call(ours, a=1).c  # a fresh default from the factory each time
    with pytest.raises(TypeError):
        ours()


def test_explicit_methods_and_post_init_are_kept():
    @frozen
    class Shown:
        """Documented."""

        x: int
        seen: list = field(default_factory=list, compare=False)

        def __repr__(self) -> str:
            return f"<{self.x}>"

        def __post_init__(self) -> None:
            self.seen.append(self.x)

    item = Shown(3)
    assert repr(item) == "<3>" and item.seen == [3] and Shown.__doc__ == "Documented."
    assert item == Shown(3) and hash(item) == hash(Shown(3))


def test_refuses_what_it_does_not_build():
    class Assigning:
        x: int

        def __setattr__(self, name, value):  # noqa: ANN001
            pass

    with pytest.raises(TypeError):
        module._build(Assigning, slots=False, kw_only=False)


def test_value_classes_of_the_package_are_dataclasses():
    from referee.cards import card
    from referee.findings import Finding

    finding = Finding(rule="GW-4.4", message="m", deal=1, move=2)
    assert dataclasses.is_dataclass(finding)
    assert dataclasses.replace(finding, line=3).line == 3
    with pytest.raises(dataclasses.FrozenInstanceError):
        finding.rule = "GW-4.5"  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(card("AS"))) is not None


def test_type_checkers_read_it_as_a_frozen_dataclass():
    """PEP 681: mypy sees `@frozen` classes as frozen dataclasses (fields,
    __init__, replace) only through this marker; field() is a field specifier."""
    marker = frozen.__dataclass_transform__
    frozen_default = marker.get("frozen_default", marker.get("kwargs", {}).get("frozen_default"))  # 3.11: in kwargs
    assert frozen_default is True
    assert dataclasses.field in marker["field_specifiers"]
