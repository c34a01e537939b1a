#!/usr/bin/env bash
# Alternating runs of grundy's sparse engine, an older grundy and ogsolve on the
# README's codes; prints one line per code and round: wall seconds of each, and
# whether the two grundy builds wrote the same bytes.
#
#   NEW=target/release/grundy OLD=/path/to/old/grundy OG=/path/to/ogsolve \
#     scripts/sparse-vs-ogsolve.sh ROUNDS
#
# ogsolve (GPL) is installed outside this repository: cargo install ogsolve --root DIR.
# It runs once on 0.376 (about 30 s); OLD may be left out.
set -euo pipefail
NEW=${NEW:-target/release/grundy}
OLD=${OLD:-}
OG=${OG:?set OG to the ogsolve binary}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
secs() {
    local s e
    s=$(date +%s.%N)
    "$@" >/dev/null 2>&1
    e=$(date +%s.%N)
    echo "$e - $s" | bc
}
for r in $(seq 1 "${1:-3}"); do
    for cnm in 0.167:10000000:rc 0.16:10000000:rc 0.156:10000000:rc 0.45:10000000:rc 0.6:1000000:rc2 0.376:1000000:rc; do
        IFS=: read -r c n m <<<"$cnm"
        a=$(secs "$NEW" values "octal:$c" --to "$n" --out "$work/new.bin")
        b=- same=-
        if [ -n "$OLD" ]; then
            b=$(secs "$OLD" values "octal:$c" --to "$n" --out "$work/old.bin")
            cmp -s "$work/new.bin" "$work/old.bin" && same=same || same=DIFFERENT
        fi
        if [ "$c" = 0.376 ] && [ "$r" -gt 1 ]; then o=skipped; else o=$(secs "$OG" "$c" -n "$n" -m "$m"); fi
        echo "$r $c new $a old $b ogsolve $o $same"
    done
done
