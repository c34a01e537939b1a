"""The exceptions of grundy: one hierarchy, each message one line."""

from typing import Optional


class GrundyError(Exception):
    """Every error grundy raises."""


class InputError(GrundyError, ValueError):
    """Bad input: an unknown game, a malformed position, value or option."""


class UnsupportedError(GrundyError, ValueError):
    """The question has no answer for this game (a period of a game without a
    nim-sequence, a nim-value of a partizan game)."""


class RuleError(GrundyError):
    """The game's own rules failed: a script or a Python game raised, or returned
    something that is not a position."""


class BudgetError(GrundyError):
    """The budget ran out. ``limit`` names it (``memory``, ``work``,
    ``positions``, ``scriptmemory``, ``scripttime``, ``cancelled``), ``reached`` and ``allowed``
    say how far the work got, and ``flag`` is the CLI flag that raises it (the
    keyword argument is the same name: ``--max-work`` is ``max_work=``)."""

    limit: Optional[str] = None
    flag: Optional[str] = None
    reached: Optional[int] = None
    allowed: Optional[int] = None
    what: Optional[str] = None
