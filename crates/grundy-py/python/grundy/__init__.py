"""grundy: exact answers for two-player games, from Python.

The same catalogue and the same answers as the ``grundy`` command: every result is
a :class:`Report`, a dict whose keys are the CLI's ``--json`` keys (also readable as
attributes).

>>> import grundy
>>> kayles = grundy.game("kayles")
>>> kayles.solve(7).nimber
2
>>> kayles.period().period
12
>>> grundy.Value("{1|-1}") + grundy.Value("^*")
Value('{1^*|-1^*}')
>>> grundy.calc("{0|*} >= ^").value
True

Long calls release the GIL and stop on Ctrl-C (KeyboardInterrupt) within a
second; every call takes the CLI's limits as keywords (``max_memory=``,
``max_work=``, ``max_positions=``), and running out raises :class:`BudgetError`.
"""

from __future__ import annotations

import html
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Union

from . import _grundy
from ._errors import BudgetError, GrundyError, InputError, RuleError, UnsupportedError

__all__ = [
    "BudgetError",
    "Game",
    "GrundyError",
    "InputError",
    "PythonGame",
    "Report",
    "RuleError",
    "UnsupportedError",
    "Value",
    "calc",
    "catalogue",
    "game",
    "table",
]

__version__: str = _grundy.__version__

Position = Union[int, str, Sequence[int]]


def _text(position: Position) -> str:
    """A position in POSITION syntax: ``7``, ``(3, 4, 5)`` or ``"3,4,5"``."""
    if isinstance(position, bool):
        raise InputError(f"{position!r} is not a position")
    if isinstance(position, int):
        return str(position)
    if isinstance(position, str):
        return position
    try:
        return ",".join(str(int(h)) for h in position)
    except (TypeError, ValueError):
        raise InputError(f"{position!r} is not a position (an int, a str or a sequence of ints)") from None


class Report(dict):  # type: ignore[type-arg]
    """A result: the CLI's JSON object, its keys also attributes."""

    def __getattr__(self, key: str) -> Any:
        try:
            return self[key]
        except KeyError:
            raise AttributeError(key) from None

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><th style='text-align:left'>{html.escape(str(k))}</th><td>{html.escape(_short(v))}</td></tr>"
            for k, v in self.items()
        )
        return f"<table>{rows}</table>"


def _short(v: Any) -> str:
    text = str(v)
    return text if len(text) <= 200 else text[:200] + "…"


def _report(v: Any) -> Any:
    """The native module makes every JSON object a :class:`Report` already."""
    return v


_grundy._set_report_class(Report)


def _budget(
    max_memory: Optional[int] = None,
    max_work: Optional[int] = None,
    max_positions: Optional[int] = None,
    script_memory: Optional[int] = None,
    script_timeout: Optional[float] = None,
) -> _grundy.Budget:
    return _grundy.Budget(max_memory, max_work, max_positions, script_memory, script_timeout)


class Game:
    """A game loaded by its GAME text, as the CLI reads it: a catalogue name with
    its parameters (``"kayles"``, ``"subtraction:1,3,4"``, ``"domineering"``), or the
    path of a game file (``.toml``) or Luau script."""

    def __init__(
        self,
        text: str,
        *,
        max_memory: Optional[int] = None,
        max_work: Optional[int] = None,
        max_positions: Optional[int] = None,
        script_memory: Optional[int] = None,
        script_timeout: Optional[float] = None,
    ) -> None:
        if isinstance(text, PythonGame):
            native = _grundy.Game.from_python(
                text, _budget(max_memory, max_work, max_positions, script_memory, script_timeout)
            )
        else:
            native = _grundy.Game(
                str(text), _budget(max_memory, max_work, max_positions, script_memory, script_timeout)
            )
        self._game = native
        self._text = text if isinstance(text, str) else native.name

    @property
    def name(self) -> str:
        """The game's name, as the CLI prints it."""
        return str(self._game.name)

    @property
    def impartial(self) -> bool:
        return bool(self._game.impartial)

    @property
    def partizan(self) -> bool:
        return bool(self._game.partizan)

    def __repr__(self) -> str:
        return f"grundy.game({self._text!r})"

    def solve(
        self,
        position: Position,
        *,
        misere: bool = False,
        first: Optional[str] = None,
        checkpoint: Optional[str] = None,
    ) -> Report:
        """Outcome, winner, nim-value, remoteness, every winning move (``solve --json``).

        ``checkpoint``: a file that keeps the outcome search of a board too large
        for its value (Domineering), as ``solve --checkpoint``: saved when the
        search stops, answered or not (its budget, Ctrl-C), and carried on from
        when the file exists.
        """
        return _report(self._game.solve(_text(position), misere, first, checkpoint))  # type: ignore[no-any-return]

    def moves(self, position: Position, *, misere: bool = False, first: Optional[str] = None) -> Report:
        """Every move with its outcome, nim-value and remoteness (``moves --json``)."""
        return _report(self._game.moves(_text(position), misere, first))  # type: ignore[no-any-return]

    def explain(
        self,
        position: Position,
        *,
        depth: int = 2,
        replies: int = 20,
        misere: bool = False,
        first: Optional[str] = None,
    ) -> Report:
        """A strategy tree: why the position is won or lost (``explain --json``)."""
        return _report(self._game.explain(_text(position), depth, replies, misere, first))  # type: ignore[no-any-return]

    def values(self, *, to: int, from_: int = 0, method: str = "auto") -> Report:
        """Each single heap's outcome and nim-value (``values --json``)."""
        return _report(self._game.values(to, from_, method))  # type: ignore[no-any-return]

    def nimbers(self, to: int, *, from_: int = 0, method: str = "auto") -> Any:
        """The nim-sequence G(from_) .. G(to) as a numpy array of uint64 (no copy per value)."""
        import numpy as np

        return np.frombuffer(self._game.nimbers(to, from_, method), dtype="<u8")

    def period(
        self,
        *,
        max: Optional[int] = None,
        max_work: Optional[int] = None,
        method: str = "auto",
        progress: Union[bool, Callable[[int, int, int, int], None], None] = None,
    ) -> Report:
        """Compute the nim-sequence until its period is proved (``period --json``).

        ``progress`` is a callback ``(computed, max, options, forecast)`` called
        every 50 ms, or ``True`` for a tqdm bar when tqdm is installed."""
        callback = _progress(progress)
        try:
            return _report(self._game.period(max, max_work, method, callback))  # type: ignore[no-any-return]
        finally:
            close = getattr(callback, "close", None)
            if close is not None:
                close()

    def quotient(self, *, max_heap: int = 12, max_work: Optional[int] = None) -> Report:
        """The misère quotient of heaps 1 .. max_heap, proved (``quotient --json``)."""
        return _report(self._game.quotient(max_heap, max_work))  # type: ignore[no-any-return]

    def value(self, position: Position, *, max_work: Optional[int] = None, unicode: bool = False) -> Report:
        """The canonical value and its temperature theory (``value --json``)."""
        return _report(self._game.value(_text(position), max_work, unicode))  # type: ignore[no-any-return]

    def misere_value(self, position: Position, *, max_work: Optional[int] = None) -> Report:
        """The misère simplest form of an impartial position, its genus and misère
        outcome (``value --misere --json``)."""
        return _report(self._game.misere_value(_text(position), max_work))  # type: ignore[no-any-return]

    def canonical(self, position: Position) -> "Value":
        """The position's value as a :class:`Value`."""
        return Value(self.value(position).canonical)

    def thermograph(self, position: Position, *, max_work: Optional[int] = None) -> "Thermograph":
        """The thermograph of the position's value, drawn in Jupyter."""
        report = _report(self._game.thermograph(_text(position), max_work))
        return Thermograph(report, f"{self.name} {_text(position)}")

    def board(self, position: Position) -> Report:
        """The board as data (rows of cells, column labels, notes), or ``board: None``."""
        return _report(self._game.board(_text(position)))  # type: ignore[no-any-return]

    def show(self, position: Position) -> str:
        """The position in the game's own one-line drawing."""
        return str(self._game.show(_text(position)))

    def position(self, position: Position) -> "Board":
        """A position that draws itself in Jupyter."""
        return Board(self, _text(position))

    def build(
        self,
        db: str,
        *,
        start: Optional[Position] = None,
        resume: bool = False,
        remoteness: bool = True,
        serial: bool = False,
    ) -> Report:
        """Build the game's table into the file ``db`` (``build --json``): its own
        numbering (dense, checkpointed, ``resume=True`` continues), else the
        positions reachable from ``start``. :func:`table` answers from it."""
        where = None if start is None else _text(start)
        return _report(self._game.build(str(db), where, resume, remoteness, not serial))  # type: ignore[no-any-return]

    def plot(self, to: int = 200) -> "SequencePlot":
        """The nim-sequence G(0) .. G(to) as a picture, its proved period marked."""
        period = self.period(max=max(to, 1))
        values = [int(v) for v in self.nimbers(to)]
        mark = (period.preperiod, period.period, period.saltus) if period.proved else None
        return SequencePlot(self.name, values, mark)


def _progress(progress: Union[bool, Callable[[int, int, int, int], None], None]) -> Any:
    if progress is None or progress is False:
        return None
    if progress is True:
        try:
            from tqdm.auto import tqdm  # type: ignore[import-untyped]
        except ImportError:
            return None

        class Bar:
            def __init__(self) -> None:
                self.bar = tqdm(total=1, unit="options")

            def __call__(self, computed: int, max: int, options: int, forecast: int) -> None:
                self.bar.total = forecast
                self.bar.n = options
                self.bar.set_postfix_str(f"G(n) for n < {computed}")
                self.bar.refresh()

            def close(self) -> None:
                self.bar.close()

        return Bar()
    return progress


def game(text: Union[str, "PythonGame"], **budget: Any) -> Game:
    """Load a game by its GAME text or from a :class:`PythonGame` definition."""
    return Game(text, **budget)  # type: ignore[arg-type]


def table(db: str, *, game: Optional[str] = None, max_memory: Optional[int] = None) -> Game:
    """A table file (made by :meth:`Game.build` or ``grundy build``) that answers
    ``solve`` and ``moves`` like its game, memory-mapped, not solved again."""
    g = Game.__new__(Game)
    g._game = _grundy.Game.open_table(str(db), _budget(max_memory), game)
    g._text = str(db)
    return g


def catalogue() -> List[Report]:
    """Every family of the catalogue, with what it can do."""
    return _report(_grundy.catalogue())  # type: ignore[no-any-return]


def calc(
    expression: str, *, unicode: bool = False, max_work: Optional[int] = None, max_memory: Optional[int] = None
) -> Report:
    """The calculator (``calc --json``): sums, comparisons, cooling, heating, and
    positions of catalogue games as ``name(position)``."""
    return _report(_grundy.calc(expression, _budget(max_memory), unicode, max_work))  # type: ignore[no-any-return]


class Value:
    """A short game's value in canonical form, in CGSuite notation.

    The text is read as ``grundy calc`` reads it: ``Tiny(2)``, ``^<2>``, ``v[3]``,
    ``+-1``, ``1:-1``, ``^.^``, ``3*{1|0}``, ``cool({3|-1}, 1)``, ``domineering(..|..)``.

    >>> up = Value("^")
    >>> up + up
    Value('^^')
    >>> Value("{1|-1}").temperature
    '1'
    >>> Value("*").confused(0)
    True
    """

    __slots__ = ("_v",)

    def __init__(self, text: Union[str, int, "Value"]) -> None:
        if isinstance(text, Value):
            self._v: Any = text._v
        elif isinstance(text, int) and not isinstance(text, bool):
            # An int Python will not write out (past 4300 digits by default) is far
            # past the largest integer that can be built as a game anyway.
            try:
                written = str(text)
            except ValueError:
                raise InputError("the int is too large to build as a game") from None
            self._v = _grundy.Value(written)
        else:
            self._v = _grundy.Value(str(text))

    @classmethod
    def _of(cls, native: Any) -> "Value":
        v = cls.__new__(cls)
        v._v = native
        return v

    @staticmethod
    def _other(other: Any) -> Any:
        return other._v if isinstance(other, Value) else other

    def __add__(self, other: Any) -> "Value":
        return Value._of(self._v + Value._other(other))

    __radd__ = __add__

    def __sub__(self, other: Any) -> "Value":
        return Value._of(self._v - Value._other(other))

    def __rsub__(self, other: Any) -> "Value":
        return Value._of(self._v.__rsub__(Value._other(other)))

    def __neg__(self) -> "Value":
        return Value._of(-self._v)

    def __eq__(self, other: object) -> bool:
        return bool(self._v == Value._other(other))

    def __ne__(self, other: object) -> bool:
        return bool(self._v != Value._other(other))

    def __lt__(self, other: Any) -> bool:
        return bool(self._v < Value._other(other))

    def __le__(self, other: Any) -> bool:
        return bool(self._v <= Value._other(other))

    def __gt__(self, other: Any) -> bool:
        return bool(self._v > Value._other(other))

    def __ge__(self, other: Any) -> bool:
        return bool(self._v >= Value._other(other))

    def __hash__(self) -> int:
        return hash(self._v)

    def __bool__(self) -> bool:
        """False for 0 (the zero game), True for every other value."""
        return bool(self._v)

    def confused(self, other: Any) -> bool:
        """True when the two are incomparable (their difference is fuzzy)."""
        return bool(self._v.confused(Value._other(other)))

    def __str__(self) -> str:
        return str(self._v)

    def __repr__(self) -> str:
        return f"Value({str(self)!r})"

    @property
    def mean(self) -> str:
        return str(self._v.mean)

    @property
    def temperature(self) -> str:
        return str(self._v.temperature)

    @property
    def outcome_class(self) -> str:
        """L, R, N or P."""
        return str(self._v.outcome_class)

    @property
    def birthday(self) -> int:
        return int(self._v.birthday)

    @property
    def atomic_weight(self) -> Optional["Value"]:
        aw = self._v.atomic_weight
        return None if aw is None else Value._of(aw)

    def reduced(self) -> "Value":
        """The reduced canonical form (infinitesimals dropped)."""
        return Value._of(self._v.reduced())

    def cool(self, t: Any) -> "Value":
        """The value cooled by the number ``t >= 0``."""
        return Value._of(self._v.cool(Value._other(t)))

    def heat(self, t: Any) -> "Value":
        """The value heated by the number ``t``."""
        return Value._of(self._v.heat(Value._other(t)))

    def overheat(self, s: Any, t: Any) -> "Value":
        """The value overheated from ``s`` to ``t`` (CGSuite's Overheat)."""
        return Value._of(self._v.overheat(Value._other(s), Value._other(t)))

    @property
    def left_stop(self) -> str:
        return str(self._v.left_stop)

    @property
    def right_stop(self) -> str:
        return str(self._v.right_stop)

    @property
    def left_options(self) -> List["Value"]:
        """Left's options of the canonical form."""
        return [Value._of(o) for o in self._v.left_options]

    @property
    def right_options(self) -> List["Value"]:
        """Right's options of the canonical form."""
        return [Value._of(o) for o in self._v.right_options]

    def __mul__(self, n: int) -> "Value":
        """``n`` copies of the value (``n`` an int; of its negative when ``n < 0``)."""
        return Value._of(self._v * n)

    __rmul__ = __mul__

    def thermograph(self) -> "Thermograph":
        return Thermograph(_report(self._v.thermograph()), str(self))

    def _repr_html_(self) -> str:
        return f"<code>{html.escape(self._v.unicode())}</code>"


class Thermograph(Report):
    """A thermograph (value, mean, temperature, walls) that draws itself."""

    def __init__(self, data: Dict[str, Any], title: str) -> None:
        super().__init__(data)
        self._title = title

    def svg(self, width: int = 480, height: int = 360) -> str:
        left = [tuple(c) for c in self["left"]]
        right = [tuple(c) for c in self["right"]]
        data = _grundy.draw_thermograph(
            f"{self._title} = {self['value']}", left, right, self["mast"], float(self._temperature()), width, height
        )
        return bytes(data).decode()

    def _temperature(self) -> float:
        num, _, den = str(self["temperature"]).partition("/")
        return float(num) / float(den or 1)

    def _repr_svg_(self) -> str:
        return self.svg()

    def _repr_html_(self) -> str:
        # Jupyter shows the richest form it is given, and ranks HTML above SVG:
        # the report's table (inherited) would hide the drawing.
        return self.svg()


class SequencePlot:
    """A nim-sequence plot that draws itself in Jupyter."""

    def __init__(self, title: str, values: List[int], period: Optional[tuple]) -> None:  # type: ignore[type-arg]
        self.title, self.values, self.period = title, values, period

    def svg(self, width: int = 640, height: int = 360) -> str:
        return bytes(_grundy.draw_sequence(self.title, self.values, self.period, width, height)).decode()

    def _repr_svg_(self) -> str:
        return self.svg()


class Board:
    """A position that draws itself: its board as an HTML table, else its text."""

    def __init__(self, game: Game, position: str) -> None:
        self.game, self.position = game, position

    def __repr__(self) -> str:
        return self.game.show(self.position)

    def _repr_html_(self) -> str:
        b = self.game.board(self.position)["board"]
        if b is None:
            return f"<pre>{html.escape(self.game.show(self.position))}</pre>"
        colour = {"first": "#2860c8", "second": "#c83228", None: "#222"}
        rows = []
        for r in b["rows"]:
            cells = "".join(
                f"<td style='width:1.6em;height:1.6em;text-align:center;border:1px solid #999;color:{colour[c['owner']]};"
                f"{'font-weight:bold;' if c['last'] else ''}'>{html.escape(c['glyph'])}</td>"
                for c in r["cells"]
            )
            rows.append(f"<tr><th>{html.escape(r['label'])}</th>{cells}</tr>")
        cols = "".join(f"<th>{html.escape(c)}</th>" for c in b["columns"])
        notes = "".join(f"<div>{html.escape(n)}</div>" for n in b["notes"])
        return f"<table style='border-collapse:collapse'>{''.join(rows)}<tr><th></th>{cols}</tr></table>{notes}"


class PythonGame:
    """Subclass this to write a game in Python; every solver then works on it.

    Define ``moves(position)`` (an impartial game), or ``left(position)`` and
    ``right(position)`` (a partizan game), returning a list of positions. A
    position is an int, a tuple of ints or a str; your methods get a position of
    one number as an int (``solve(10)`` calls ``moves(10)``), unless the game
    speaks tuples: ``shape = "tuple"``, or a tuple as ``start``, gives them
    ``(10,)``. Optional: ``name``, ``start``, ``heaps = True`` (a position is a
    tuple of heaps; ``moves(n)`` gets one heap and returns what is left of it: an
    int, or a tuple for a split), ``shape = "number"`` (every position is one
    int) or ``"tuple"``, ``terminal(position)`` returning ``"win"``, ``"lose"``,
    ``"draw"`` or ``None``, and ``show(position)``.

    Each position's moves are asked once and remembered for the game's later
    calls (each heap's, for ``heaps = True``), up to the ``max_positions``
    budget: the methods must answer the same each time.

    >>> class Subtraction(PythonGame):
    ...     name = "take 1, 3 or 4"
    ...     heaps = True
    ...     def moves(self, n):
    ...         return [n - k for k in (1, 3, 4) if k <= n]
    >>> game(Subtraction()).solve(7).outcome
    'lose'
    """

    name: Optional[str] = None
    start: Optional[Position] = None
    heaps: bool = False
    shape: Optional[str] = None
    left: Optional[Callable[[Any], Iterable[Any]]] = None
    right: Optional[Callable[[Any], Iterable[Any]]] = None
    terminal: Optional[Callable[[Any], Optional[str]]] = None
    show: Optional[Callable[[Any], str]] = None
