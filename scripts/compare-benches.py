#!/usr/bin/env python3
"""Compare criterion benches of two checkouts in alternating pairs (old, new, old, new).

Usage: scripts/compare-benches.py OLD_CHECKOUT NEW_CHECKOUT 'BENCH|FILTER' ...
Build the bench binaries first in both (`cargo bench --no-run --workspace`; the
benches live in crates/grundy-bench, so `cargo bench --no-run -p grundy-bench` is
enough there; checkouts from before that split have the same bench names). Each
pair runs the exact benchmark FILTER of binary BENCH once in each checkout; the
medians of two pairs and their ratio are printed. The machine is shared and noisy:
the ratio of neighbouring runs is what to read, not the absolute times.
"""
import subprocess, re, glob, sys, statistics
def binary(root, name):
    import os
    return max([f for f in glob.glob(f"{root}/target/release/deps/{name}-*") if not f.endswith(".d")], key=os.path.getmtime)
UNIT={'ns':1e-9,'µs':1e-6,'us':1e-6,'ms':1e-3,'s':1}
def run(b, filt):
    out = subprocess.run([b, "--bench", "--warm-up-time", "1", "--measurement-time", "3", "--sample-size", "10", "--noplot", "--exact", filt],
                         capture_output=True, text=True, timeout=900).stdout
    m = re.search(r"time:\s+\[\S+ \S+ (\S+) (\S+) \S+ \S+\]", out)
    if not m:
        return None
    return float(m.group(1))*UNIT[m.group(2)]
cases = [l.split("|") for l in sys.argv[3:]]
for name, filt in cases:
    old, new = binary(sys.argv[1], name), binary(sys.argv[2], name)
    olds, news = [], []
    for _ in range(2):
        o = run(old, filt); n = run(new, filt)
        if o is None or n is None:
            print(f"{filt}: missing ({o}, {n})", flush=True); break
        olds.append(o); news.append(n)
    if olds:
        o, n = statistics.median(olds), statistics.median(news)
        print(f"{name} | {filt} | old {o*1e3:.3f} ms | new {n*1e3:.3f} ms | new/old {n/o:.3f}", flush=True)
