#!/bin/bash
# Time Domineering's outcome search across Timely workers (docs/benchmarks.md,
# "Across processes"): one side of an empty ROWS x COLS board, by the example
# outcome_across, as one thread, W threads of one process, or N processes on
# 127.0.0.1 (ports chosen free now), each under /usr/bin/time (wall, user, sys).
#
#   cargo build --release -p grundy-dist --example outcome_across
#   scripts/outcome-across.sh ROWS COLS left|right one
#   scripts/outcome-across.sh ROWS COLS left|right threads W
#   scripts/outcome-across.sh ROWS COLS left|right procs N
set -eu
X=${CARGO_TARGET_DIR:-target}/release/examples/outcome_across
R=$1 C=$2 S=$3 M=$4 N=${5:-1}
T="/usr/bin/time -f %e,%U,%S"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
case $M in
  one) $T "$X" "$R" "$C" "$S" one ;;
  threads) $T "$X" "$R" "$C" "$S" threads "$N" ;;
  procs)
    PORTS=$(python3 -c "
import socket
ss = [socket.socket() for _ in range($N)]
for s in ss: s.bind(('127.0.0.1', 0))
print(' '.join(str(s.getsockname()[1]) for s in ss))")
    for p in $PORTS; do echo "127.0.0.1:$p"; done > "$TMP/hosts"
    for i in $(seq 1 $((N - 1))); do
      $T "$X" "$R" "$C" "$S" process "$i" "$TMP/hosts" "$N" 2> "$TMP/time$i" &
    done
    $T "$X" "$R" "$C" "$S" process 0 "$TMP/hosts" "$N"
    wait
    for i in $(seq 1 $((N - 1))); do echo "process $i: $(cat "$TMP/time$i")"; done ;;
esac
