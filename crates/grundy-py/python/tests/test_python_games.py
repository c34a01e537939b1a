"""Games written in Python against their Luau twins, and their errors."""

import pytest

import grundy
from conftest import example


class Kayles(grundy.PythonGame):
    """Knock down one pin or two adjacent pins from a row."""

    heaps = True

    def moves(self, n):
        out = []
        for take in (1, 2):
            # `take` pins down, `left` on one side and the rest on the other.
            for left in range(0, (n - take) // 2 + 1):
                out.append((left, n - take - left))
        return out


class GrundysGame(grundy.PythonGame):
    heaps = True

    def moves(self, n):
        return [(a, n - a) for a in range(1, (n + 1) // 2) if a != n - a]


class Euclid(grundy.PythonGame):
    def moves(self, p):
        x, y = p
        a, b = min(x, y), max(x, y)
        if a == 0:
            return []
        out = []
        for k in range(1, b // a + 1):
            rest = b - k * a
            out.append((a, rest) if x <= y else (rest, a))
        return out


class Cutcake2(grundy.PythonGame):
    """A partizan toy: Left takes 1, Right takes 2 from a heap."""

    shape = "number"

    def left(self, n):
        return [n - 1] if n >= 1 else []

    def right(self, n):
        return [n - 2] if n >= 2 else []


def strip(report):
    return {k: v for k, v in report.items() if k not in ("game", "method")}


@pytest.mark.parametrize(
    "python, luau, positions",
    [
        (Kayles, "kayles.luau", ["7", "3,4", "1,2,5"]),
        (GrundysGame, "grundys-game.luau", ["12", "5,7"]),
        (Euclid, "euclid.luau", ["25,7", "10,6"]),
    ],
)
def test_python_games_answer_as_their_luau_twins(python, luau, positions):
    py, lua = grundy.game(python()), grundy.game(example(luau))
    for p in positions:
        assert strip(py.solve(p)) == strip(lua.solve(p)), p
        got = [(m["position"], m["outcome"], m["nimber"]) for m in py.moves(p)["moves"]]
        want = [(m["position"], m["outcome"], m["nimber"]) for m in lua.moves(p)["moves"]]
        assert sorted(got) == sorted(want), p


def test_python_heap_games_have_nim_sequences():
    assert list(grundy.game(Kayles()).nimbers(11)) == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]


def test_a_partizan_python_game_has_a_value():
    g = grundy.game(Cutcake2())
    assert g.partizan
    # By hand: 0 = 0, 1 = {0|} = 1, 2 = {1|0}, 3 = {2's value | 1's value}.
    assert g.value("1").canonical == "1"
    assert g.canonical("2") == grundy.Value("{1|0}")
    assert g.canonical("3") == grundy.Value("{{1|0}|1}")
    assert g.solve("2")["winner"] == "left"


class Broken(grundy.PythonGame):
    def moves(self, p):
        return ["not", 3.5]


class Raises(grundy.PythonGame):
    shape = "number"

    def moves(self, n):
        raise RuntimeError("no moves today")


def test_a_method_returning_no_position_is_a_rule_error():
    with pytest.raises(grundy.RuleError, match="not a position"):
        grundy.game(Broken()).solve("1")
    with pytest.raises(grundy.RuleError, match="raised RuntimeError: no moves today"):
        grundy.game(Raises()).solve("4")


def test_a_definition_without_moves_is_refused():
    class Empty(grundy.PythonGame):
        pass

    with pytest.raises(TypeError, match="defines moves"):
        grundy.game(Empty())


class CountingKayles(Kayles):
    def __init__(self):
        self.asked = []

    def moves(self, n):
        self.asked.append(n)
        return super().moves(n)


def test_a_heap_game_asks_each_heap_once():
    # Every position of a sum of heaps asked moves() of each of its heaps, again
    # for each analysis: 589,842 calls for a solve(20) of fewer than 100k positions.
    k = CountingKayles()
    g = grundy.game(k)
    assert g.solve(12).nimber == 4
    g.moves("5,6")
    assert sorted(k.asked) == list(range(13))


class Countdown(grundy.PythonGame):
    """Take 1 or 2 from a number: positions an int, as `solve(10)` gives them."""

    def __init__(self):
        self.asked = []

    def moves(self, n):
        self.asked.append(n)
        return [n - k for k in (1, 2) if k <= n]


def test_a_plain_game_asks_each_position_once():
    c = Countdown()
    g = grundy.game(c)
    assert g.solve(10)["outcome"] == "win"
    g.moves(10)
    g.solve(7)
    assert sorted(c.asked) == list(range(11))


def test_a_one_number_position_is_an_int_unless_the_game_speaks_tuples():
    # The docs say a position may be an int, yet `solve(10)` gave moves() `(10,)`.
    c = Countdown()
    grundy.game(c).solve(10)
    assert all(type(p) is int for p in c.asked)

    class Tuples(grundy.PythonGame):
        start = (10,)

        def __init__(self):
            self.asked = []

        def moves(self, p):
            self.asked.append(p)
            (n,) = p
            return [(n - k,) for k in (1, 2) if k <= n]

    t = Tuples()
    assert grundy.game(t).solve(10)["outcome"] == "win"
    assert t.asked and all(type(p) is tuple for p in t.asked)

    class Declared(Tuples):
        start = None
        shape = "tuple"

    d = Declared()
    assert grundy.game(d).solve((10,))["outcome"] == "win"
    assert all(type(p) is tuple for p in d.asked)


def test_a_bad_start_or_shape_is_an_input_error():
    class BadStart(Countdown):
        start = 2**70

    class BadShape(Countdown):
        shape = "board"

    with pytest.raises(grundy.InputError, match="start is"):
        grundy.game(BadStart())
    with pytest.raises(grundy.InputError, match="shape"):
        grundy.game(BadShape())


def test_a_heap_sum_is_searched_once_whatever_its_order():
    # Each order of the heaps, with empty heaps kept, was a position of its own:
    # solve(20) went past 10,000 positions (and took 7 s once moves() was
    # remembered, minutes before); as multisets it needs fewer than 1,000.
    assert grundy.game(Kayles(), max_positions=1000).solve(20)["outcome"] == "win"
    py, native = grundy.game(Kayles()), grundy.game("kayles")
    for p in ["20", "0,7,0,5", "3,3,4", "1,1"]:
        for misere in (False, True):
            got, want = py.solve(p, misere=misere), native.solve(p, misere=misere)
            assert (got.outcome, got.remoteness) == (want.outcome, want.remoteness), (p, misere)
            if not misere:
                assert got.nimber == want.nimber, p


class NoEmptyHeaps(grundy.PythonGame):
    """Take 1 or 2 from a heap; a heap of 0 is refused, so it must be kept as is."""

    heaps = True

    def moves(self, n):
        if n == 0:
            raise ValueError("no empty heaps here")
        return [n - k for k in (1, 2) if k <= n and n - k > 0]


def test_a_game_that_refuses_an_empty_heap_is_searched_without_asking_for_one():
    assert grundy.game(NoEmptyHeaps()).solve("4,5")["outcome"] == "win"
