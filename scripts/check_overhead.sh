#!/bin/sh
# Check's own cost per test: `searchlab check --cases DIR --jobs 1` with the corpus's correct
# programs, against the same program runs without check (one after another, same inputs),
# best of REPEAT rounds each. Every test passes, so no diagnosis runs: what is left is
# check's own work (temporary folder, input file, reading and scoring, the reference's
# answer from the suite) per test.
#
# usage: scripts/check_overhead.sh [SEARCHLAB] [REPEAT]   (default target/release/searchlab, 3)
set -eu
BIN=$(realpath "${1:-target/release/searchlab}")
REPEAT=${2:-3}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

now() { date +%s.%N; }

# The cases of a suite, one per line: METHOD INPUT_FILE.
list() {
    python3 -c 'import json,sys; d=sys.argv[1]; [print(c["method"], d + "/" + c["input"]) for c in json.load(open(d + "/manifest.json"))["cases"]]' "$1"
}

measure() { # puzzle, suite options, program, placeholders
    puzzle=$1; options=$2; program=$ROOT/tests/check_corpus/$puzzle/correct.py; args=$3
    suite=$WORK/$puzzle
    # shellcheck disable=SC2086
    "$BIN" cases "$puzzle" --out "$suite" --force $options >/dev/null
    n=$(list "$suite" | wc -l)
    best_check=; best_plain=
    for _ in $(seq "$REPEAT"); do
        t0=$(now)
        "$BIN" check "$puzzle" --cmd "python3 $program $args" --cases "$suite" --jobs 1 >/dev/null
        t1=$(now)
        mkdir -p "$WORK/run" && cd "$WORK/run"
        list "$suite" | while read -r method input; do
            if [ "$puzzle" = digits ]; then
                python3 "$program" "$method" "$input" >/dev/null
            else
                python3 "$program" "$method" "$(cat "$input")" >/dev/null
            fi
        done
        cd "$ROOT"
        t2=$(now)
        c=$(echo "$t1 - $t0" | bc -l); p=$(echo "$t2 - $t1" | bc -l)
        if [ -z "$best_check" ] || [ "$(echo "$c < $best_check" | bc -l)" = 1 ]; then best_check=$c; fi
        if [ -z "$best_plain" ] || [ "$(echo "$p < $best_plain" | bc -l)" = 1 ]; then best_plain=$p; fi
    done
    printf '%s: %d tests; with check %.2f s, the program alone %.2f s; check adds %.1f ms a test (the program: %.1f ms a test)\n' \
        "$puzzle" "$n" "$best_check" "$best_plain" \
        "$(echo "($best_check - $best_plain) * 1000 / $n" | bc -l)" "$(echo "$best_plain * 1000 / $n" | bc -l)"
}

measure digits "--set all --n 20 --seed 1" "{letter} {file}"
measure npuzzle "--set all --n 10 --seed 1 --methods bfs,ast" "{method} {board}"
