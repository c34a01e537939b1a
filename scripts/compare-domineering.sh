#!/usr/bin/env bash
# Canonical values of empty Domineering rectangles: grundy against a peer, in
# alternating pairs on the same machine, with wall time and peak memory.
#
#   scripts/compare-domineering.sh PEER_COMMAND [PAIRS] [BOARDS...]
#
# PEER_COMMAND is run with one board argument in the peer's syntax (rows of '.'
# joined by '|'), e.g. a scratch program on the `cgt` crate built outside this
# repository (see the README's Performance section). BOARDS are RxC (default: the
# rectangles 4x4, 4x5, 5x5, 4x6, 5x6). Needs GNU time (/usr/bin/time) and a release
# build of grundy (cargo build --release -p grundy-cli).
set -euo pipefail
peer=${1:?usage: compare-domineering.sh PEER_COMMAND [PAIRS] [BOARDS...]}
pairs=${2:-3}
shift $(( $# >= 2 ? 2 : 1 ))
boards=("$@")
[ ${#boards[@]} -eq 0 ] && boards=(4x4 4x5 5x5 4x6 5x6)
grundy="$(dirname "$0")/../target/release/grundy"
[ -x "$grundy" ] || { echo "build first: cargo build --release -p grundy-cli" >&2; exit 1; }

measure() { # prints "seconds kilobytes"
    /usr/bin/time -f "%e %M" -o /tmp/compare-domineering.$$ "$@" > /dev/null
    cat /tmp/compare-domineering.$$
}

printf "%-6s %-28s %-28s %s\n" board "grundy (s, MB)" "peer (s, MB)" "grundy/peer time"
for b in "${boards[@]}"; do
    r=${b%x*}; c=${b#*x}
    row=$(printf '.%.0s' $(seq "$c"))
    board=$(for _ in $(seq "$r"); do printf '%s|' "$row"; done); board=${board%|}
    gt=(); pt=(); gm=0; pm=0
    for _ in $(seq "$pairs"); do
        read -r t m < <(measure "$grundy" value "domineering:rows=$r,cols=$c" start); gt+=("$t"); gm=$(( m > gm ? m : gm ))
        read -r t m < <(measure $peer "$board"); pt+=("$t"); pm=$(( m > pm ? m : pm ))
    done
    python3 - "$b" "$gm" "$pm" "${gt[*]}" "${pt[*]}" <<'PY'
import statistics, sys
b, gm, pm, gt, pt = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4].split(), sys.argv[5].split()
g = statistics.median(map(float, gt)); p = statistics.median(map(float, pt))
print(f"{b:<6} {g:>8.2f} s {gm/1024:>8.1f} MB        {p:>8.2f} s {pm/1024:>8.1f} MB        {g/p if p else float('nan'):.3f}")
PY
done
rm -f /tmp/compare-domineering.$$
