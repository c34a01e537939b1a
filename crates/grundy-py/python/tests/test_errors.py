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


BAD_NUMBERS = [-1, 2**64, 10**30, "5", 5.0, True]


@pytest.mark.parametrize("keyword", ["max_memory", "max_work", "max_positions", "script_memory"])
@pytest.mark.parametrize("bad", BAD_NUMBERS)
def test_a_bad_limit_is_an_input_error_naming_its_keyword(keyword, bad):
    # PyO3's conversions raised OverflowError or TypeError without the keyword's
    # name, and took True for 1.
    with pytest.raises(grundy.InputError, match=f"^{keyword}="):
        grundy.game("nim", **{keyword: bad})


@pytest.mark.parametrize("bad", [1e300, float("nan"), float("inf"), -1.0, 0, 1e-300, pytest.param(10**400, id="10**400"), "5", True])
def test_a_bad_script_timeout_is_an_input_error(bad):
    # 1e300 seconds panicked in Duration::from_secs_f64 (a PanicException).
    with pytest.raises(grundy.InputError, match="^script_timeout="):
        grundy.game("nim", script_timeout=bad)


def test_good_limits_are_taken():
    assert grundy.game("nim", max_work=2**64 - 1, script_timeout=2, max_memory=1 << 30).solve("1,2").nimber == 3
    assert grundy.game("nim", script_timeout=0.5, max_positions=None).name == "nim"


@pytest.mark.parametrize("bad", BAD_NUMBERS)
def test_every_numeric_keyword_of_a_call_is_checked(bad):
    kayles = grundy.game("kayles")
    calls = {
        "to": lambda: kayles.nimbers(bad),
        "from_": lambda: kayles.values(to=3, from_=bad),
        "depth": lambda: kayles.explain(3, depth=bad),
        "replies": lambda: kayles.explain(3, replies=bad),
        "max": lambda: kayles.period(max=bad),
        "max_heap": lambda: kayles.quotient(max_heap=bad),
        "max_work": lambda: grundy.calc("1+1", max_work=bad),
        "width": lambda: grundy.Value("{2|-1}").thermograph().svg(width=bad),
    }
    for keyword, call in calls.items():
        with pytest.raises(grundy.InputError, match=f"^{keyword}="):
            call()
    d = grundy.game("domineering")
    with pytest.raises(grundy.InputError, match="^max_work="):
        d.value("..|..", max_work=bad)
    with pytest.raises(grundy.InputError, match="^max_work="):
        d.thermograph("..|..", max_work=bad)


def test_a_position_out_of_range_is_an_input_error():
    kayles = grundy.game("kayles")
    for bad in (-3, 2**63, 2**70, (1, 2**70), [-1, 2]):
        with pytest.raises(grundy.InputError):
            kayles.solve(bad)
