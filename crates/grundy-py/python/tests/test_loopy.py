"""Loopy values from Python: the same calculator, the same text as the CLI."""

import pytest

import grundy


def test_loopy_values_print_as_cgsuite_prints_them() -> None:
    assert grundy.calc("{0|pass}").value == "over"
    assert grundy.calc("{pass|} + {|pass}").value == "dud"
    assert grundy.calc("a{{|a}|}").value == "1 & 0"
    assert grundy.calc("over > ^").value is True


def test_bad_loopy_notation_raises_naming_the_column() -> None:
    with pytest.raises(grundy.InputError, match="column 1"):
        grundy.calc("{0|pass")
