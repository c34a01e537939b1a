#!/usr/bin/env python3
"""A bounded load on a running `grundy serve` over loopback: N requests from C
concurrent clients, a mix of good questions (every kind of endpoint) and hostile
ones (malformed JSON, a path as the game, a huge position, a search over budget),
each of which must get its status. Prints the throughput and, per status, the
median and the largest latency. Stops by itself after N requests.

    target/release/grundy serve --port 8770 &
    python3 scripts/web-load.py http://127.0.0.1:8770/ 640 8

Only loopback addresses are accepted.
"""
import json, sys, time, threading, urllib.parse, urllib.request, urllib.error, statistics
URL = sys.argv[1]; N = int(sys.argv[2]); C = int(sys.argv[3])
host = urllib.parse.urlparse(URL).hostname
if host not in ("localhost", "::1") and not host.startswith("127."):
    sys.exit(f"web-load: {host} is not a loopback address")
good = [
    ("solve", {"game": "nim", "position": "3,4,5"}),
    ("moves", {"game": "kayles", "position": "10,7", "misere": True}),
    ("moves", {"game": "tictactoe"}),
    ("moves", {"game": "connect4:width=4,height=4", "position": "start"}),
    ("board", {"game": "dodgem:3", "position": "start"}),
    ("values", {"game": "kayles", "from": 0, "to": 1000}),
    ("period", {"game": "kayles"}),
    ("value", {"game": "domineering:rows=3,cols=3", "position": "start"}),
    ("calc", {"expression": "{1|-1} + ^*"}),
    ("thermograph", {"value": "{2|-1}"}),
    ("quotient", {"game": "dawson", "max_heap": 12}),
    ("catalogue", {}),
]
bad = [
    ("solve", b'{"game": ', 400),
    ("solve", json.dumps({"game": "/etc/passwd", "position": "1"}).encode(), 400),
    ("solve", json.dumps({"game": "nim", "position": "9," * 50000}).encode(), 413),
    ("solve", json.dumps({"game": "domineering:rows=6,cols=6", "position": "start"}).encode(), 503),
]
mix = [(e, json.dumps(b).encode(), 200) for e, b in good] + bad
lat = {200: [], 400: [], 413: [], 503: []}; failures = []; lock = threading.Lock()
def client(k):
    for i in range(N // C):
        e, body, want = mix[(k * 7 + i * 5) % len(mix)]
        t = time.perf_counter()
        try:
            r = urllib.request.urlopen(urllib.request.Request(URL + "api/" + e, data=body, headers={"Content-Type": "application/json"}), timeout=60)
            status = r.status; r.read()
        except urllib.error.HTTPError as err:
            status = err.code; err.read()
        except Exception as err:
            status = str(err)
        dt = time.perf_counter() - t
        with lock:
            if status != want: failures.append((e, status, want))
            else: lat[want].append(dt)
t0 = time.perf_counter()
ts = [threading.Thread(target=client, args=(k,)) for k in range(C)]
[t.start() for t in ts]; [t.join() for t in ts]
wall = time.perf_counter() - t0
print(f"{sum(map(len, lat.values()))} ok of {N} in {wall:.1f} s ({N/wall:.0f} req/s), {len(failures)} failures {failures[:5]}")
for s, l in lat.items():
    if l: print(f"  status {s}: {len(l)} requests, median {statistics.median(l)*1000:.1f} ms, max {max(l)*1000:.0f} ms")
