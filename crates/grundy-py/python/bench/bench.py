"""Benchmarks of the Python package (figures in docs/benchmarks.md; not tests).

    python crates/grundy-py/python/bench/bench.py overhead   # call overhead of solve
    python crates/grundy-py/python/bench/bench.py values     # values to 10^7 against the CLI
    python crates/grundy-py/python/bench/bench.py pycgt      # side by side with pycgt (its own venv)

Each comparison alternates its two sides and reports the median of the ratios, so a
shared, noisy machine moves both sides alike.
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time

import grundy

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", ".."))


def per_call(f, n):
    t = time.perf_counter()
    for _ in range(n):
        f()
    return (time.perf_counter() - t) / n


def overhead():
    """A Python call against the same call in Rust, alternating: the difference is
    the package's overhead (the hand-over to a worker thread, the conversion)."""
    for text, position in [("nim", "1"), ("nim", "1,2,3"), ("kayles", "7")]:
        g = grundy.game(text)
        per_call(lambda: g.solve(position), 200)
        py, rust = [], []
        for _ in range(5):
            py.append(per_call(lambda: g.solve(position), 2000))
            rust.append(g._game._bench_solve(position, 2000))
        p, r = statistics.median(py) * 1e6, statistics.median(rust) * 1e6
        print(f"{text} {position:8} python {p:7.1f} µs, rust {r:7.1f} µs, overhead {p - r:5.1f} µs a call")
    f = lambda: grundy.Value("^") + grundy.Value("*")
    print(f"Value('^') + Value('*')  {statistics.median([per_call(f, 2000) for _ in range(5)]) * 1e6:.1f} µs a call")


def values():
    cli = os.environ.get("GRUNDY_BIN", os.path.join(ROOT, "target", "release", "grundy"))
    k = grundy.game("kayles")
    ratios = []
    with tempfile.TemporaryDirectory() as d:
        for _ in range(5):
            t = time.perf_counter()
            a = k.nimbers(10**7)
            py = time.perf_counter() - t
            t = time.perf_counter()
            subprocess.run([cli, "values", "kayles", "--to", str(10**7), "--out", os.path.join(d, "k.bin")], check=True)
            c = time.perf_counter() - t
            os.remove(os.path.join(d, "k.bin"))
            ratios.append(py / c)
            print(f"python {py:.3f} s, cli {c:.3f} s, ratio {py / c:.3f}")
    assert len(a) == 10**7 + 1
    print(f"median python/cli: {statistics.median(ratios):.3f}")


GRUNDY_VALUE = """
import sys, time, grundy
t = time.perf_counter(); v = grundy.game("domineering").value(sys.argv[1])
print(time.perf_counter() - t, v.mean, v.temperature)
"""
PYCGT_VALUE = """
import sys, time, pycgt
from pycgt.rulesets import domineering
r, c = map(int, sys.argv[2].split("x"))
t = time.perf_counter(); g = domineering.rectangle(r, c)
print(time.perf_counter() - t, pycgt.mean(g), pycgt.temperature(g))
"""
GRUNDY_THERMO = """
import sys, time, grundy
t = time.perf_counter(); th = grundy.game("domineering").thermograph(sys.argv[1])
print(time.perf_counter() - t, th.mean, th.temperature)
"""
PYCGT_THERMO = """
import sys, time, pycgt
from pycgt.rulesets import domineering
r, c = map(int, sys.argv[2].split("x"))
t = time.perf_counter(); g = domineering.rectangle(r, c); th = pycgt.thermograph(g)
print(time.perf_counter() - t, pycgt.mean(g), pycgt.temperature(g))
"""


def fresh(code, board, size):
    """One measurement in a fresh interpreter: no cache of either side survives."""
    out = subprocess.run([sys.executable, "-c", code, board, size], capture_output=True, text=True, check=True)
    seconds, mean, temperature = out.stdout.split()
    return float(seconds), mean, temperature


def pycgt():
    """Domineering rectangles' values and thermographs, grundy against pycgt, each
    measured in a fresh interpreter, alternating, three pairs a board."""
    boards = [(2, 2), (2, 3), (3, 3), (2, 4), (3, 4), (2, 5), (4, 4), (3, 5), (4, 5)]
    for what, ours_code, theirs_code in [("value", GRUNDY_VALUE, PYCGT_VALUE), ("thermograph", GRUNDY_THERMO, PYCGT_THERMO)]:
        print(f"{what}: {'board':6} {'grundy s':>10} {'pycgt s':>10} {'ratio':>8}  same mean and temperature")
        for r, c in boards:
            board, size = "|".join(["." * c] * r), f"{r}x{c}"
            ratios, ours_t, theirs_t, same = [], [], [], True
            for _ in range(3):
                ours = fresh(ours_code, board, size)
                theirs = fresh(theirs_code, board, size)
                ours_t.append(ours[0])
                theirs_t.append(theirs[0])
                ratios.append(theirs[0] / ours[0])
                same &= ours[1:] == theirs[1:]
            print(
                f"{what}: {size:6} {statistics.median(ours_t):10.4f} {statistics.median(theirs_t):10.4f}"
                f" {statistics.median(ratios):7.0f}x  {same}"
            )


if __name__ == "__main__":
    {"overhead": overhead, "values": values, "pycgt": pycgt}[sys.argv[1]]()
