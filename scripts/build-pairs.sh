#!/usr/bin/env bash
# Alternating `grundy build` runs of two grundy binaries on one game: one line per
# pair with each run's CPU time (perf stat's task-clock) and wall time and the
# ratios of the pair, then whether the two tables are byte-identical.
#
#   NEW=target/release/grundy OLD=/path/to/old/grundy \
#     scripts/build-pairs.sh PAIRS GAME [BUILD FLAGS...]
#   scripts/build-pairs.sh 9 dodgem:4 --serial
#   scripts/build-pairs.sh 2 connect4:width=5,height=5 --serial --no-remoteness
#
# Needs perf (any kernel: task-clock is a software counter) and bc.
set -euo pipefail
NEW=${NEW:-target/release/grundy}
OLD=${OLD:?set OLD to the grundy binary to compare with}
pairs=${1:?usage: build-pairs.sh PAIRS GAME [FLAGS...]}
game=${2:?usage: build-pairs.sh PAIRS GAME [FLAGS...]}
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Prints "CPU-ms WALL-s" of one build of $game by binary $1 into table $2.
run() {
    local bin=$1 db=$2 s e cpu
    shift 2
    rm -f "$db"
    s=$(date +%s.%N)
    cpu=$(perf stat -x, -e task-clock "$bin" build "$game" --db "$db" "$@" 2>&1 >/dev/null |
        awk -F, '/task-clock/ { printf "%.1f", $1 }')
    e=$(date +%s.%N)
    echo "$cpu $(echo "$e - $s" | bc)"
}
for _ in $(seq 1 "$pairs"); do
    read -r oc ow <<<"$(run "$OLD" "$work/old.db" "$@")"
    read -r nc nw <<<"$(run "$NEW" "$work/new.db" "$@")"
    printf 'old %s ms %.3f s | new %s ms %.3f s | cpu ratio %.3f wall ratio %.3f\n' \
        "$oc" "$ow" "$nc" "$nw" "$(echo "$nc / $oc" | bc -l)" "$(echo "$nw / $ow" | bc -l)"
done
if cmp -s "$work/old.db" "$work/new.db"; then echo "tables identical"; else echo "tables DIFFER"; fi
