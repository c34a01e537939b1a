"""Values against brute force and the laws of combinatorial game theory."""

import numpy as np
from hypothesis import given, settings, strategies as st

import grundy


def mex(s):
    m = 0
    while m in s:
        m += 1
    return m


def octal_brute(digits, n_max):
    """G(0..n_max) of the octal game 0.d1d2...: digit k's bit b lets a move remove
    k tokens from a heap and leave b heaps (bit 0: none, 1: one, 2: two)."""
    g = []
    for n in range(n_max + 1):
        seen = set()
        for k, d in enumerate(digits, start=1):
            if k > n:
                break
            rest = n - k
            if d & 1 and rest == 0:
                seen.add(0)
            if d & 2 and rest > 0:
                seen.add(g[rest])
            if d & 4 and rest >= 2:
                for a in range(1, rest // 2 + 1):
                    seen.add(g[a] ^ g[rest - a])
        g.append(mex(seen))
    return g


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 7), min_size=1, max_size=4).filter(lambda d: d[-1] != 0))
def test_octal_values_are_brute_forces(digits):
    code = "octal:0." + "".join(map(str, digits))
    got = grundy.game(code).nimbers(40)
    assert isinstance(got, np.ndarray)
    assert list(got) == octal_brute(digits, 40)


VALUES = ["0", "*", "^", "v", "1", "-1", "1/2", "{1|-1}", "{2|-1}", "*2", "^*", "{0|*}", "{1|0}", "{0|-1}", "3/4"]
value = st.sampled_from(VALUES).map(grundy.Value)


@settings(max_examples=60, deadline=None)
@given(value)
def test_g_plus_its_negative_is_zero(g):
    assert g + (-g) == grundy.Value("0")
    assert g - g == 0


@settings(max_examples=60, deadline=None)
@given(value, value, value)
def test_sums_commute_and_associate(g, h, k):
    assert g + h == h + g
    assert (g + h) + k == g + (h + k)
    assert hash(g + h) == hash(h + g)


@settings(max_examples=80, deadline=None)
@given(value, value)
def test_order_is_the_outcome_of_the_difference(g, h):
    cls = (g - h).outcome_class
    assert (g >= h) == (cls in ("L", "P"))
    assert (g <= h) == (cls in ("R", "P"))
    assert (g == h) == (cls == "P")
    assert g.confused(h) == (cls == "N")


def test_known_values():
    assert grundy.Value("{1|-1}").temperature == "1"
    assert str(grundy.Value("^") + grundy.Value("^")) == "^^"
    assert grundy.Value("{2|-1}").mean == "1/2"
    assert grundy.Value("^").atomic_weight == grundy.Value("1")
    assert grundy.game("domineering").canonical("..|..") == grundy.Value("+-1")
    t = grundy.Value("{2|-1}").thermograph()
    assert (t.mean, t.temperature) == ("1/2", "3/2")
    assert t.svg().lstrip().startswith("<svg")
