"""Bad input raises one hierarchy; budgets name their limit; Ctrl-C stops a call."""

import os
import signal
import threading
import time

import pytest

import grundy


def test_bad_input_is_a_value_error():
    with pytest.raises(grundy.InputError) as e:
        grundy.game("no-such-game")
    assert isinstance(e.value, ValueError) and isinstance(e.value, grundy.GrundyError)
    with pytest.raises(grundy.InputError):
        grundy.game("nim").solve("1,x")
    with pytest.raises(ValueError):
        grundy.game("nim").solve(True)
    with pytest.raises(grundy.InputError):
        grundy.Value("{1|")
    with pytest.raises(grundy.UnsupportedError):
        grundy.game("wythoff").period()
    with pytest.raises(grundy.InputError):
        grundy.game("domineering").solve("..|..", first="middle")


def test_running_out_names_the_limit_and_the_keyword():
    with pytest.raises(grundy.BudgetError) as e:
        grundy.calc("{1|*2048} + {*2047|-1}", max_work=1000)
    assert e.value.limit == "work" and e.value.flag == "--max-work"
    assert e.value.allowed == 1000
    with pytest.raises(grundy.BudgetError) as e:
        grundy.game("wythoff", max_positions=50).solve("30,30", misere=True)
    assert e.value.limit == "positions"


def test_ctrl_c_stops_a_long_call_within_a_second():
    # Grundy's game has no period theorem: with no limit it would run for hours.
    g = grundy.game("grundy")
    # A shell that starts a job in the background (`cmd &`) starts it with SIGINT
    # ignored, and Python then leaves it ignored: the signal would never arrive.
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
        start = time.monotonic()
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            g.period(max=10**9, max_work=10**15)
        assert time.monotonic() - start < 2.0
    finally:
        signal.signal(signal.SIGINT, before)


def test_progress_reaches_the_callback():
    seen = []
    grundy.game("grundy").period(max=30000, max_work=3 * 10**9, progress=lambda *p: seen.append(p))
    assert seen and all(len(p) == 4 for p in seen)
    # A search done before the first look at the progress still reports where it got.
    quick = []
    grundy.game("kayles").period(progress=lambda *p: quick.append(p))
    assert quick and quick[-1][0] >= 1
