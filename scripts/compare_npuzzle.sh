#!/usr/bin/env bash
# Times `searchlab npuzzle` (release build) against scripts/npuzzle_baseline.py on the same
# boards, whole process each (start-up, search, writing output.txt), and prints a Markdown
# table. Checks first that both programs print the same five exact lines for every case.
#
# Usage: scripts/compare_npuzzle.sh [runs]        (runs per command, default 10)
# Uses hyperfine when installed (apt-get install -y hyperfine), else a bash timing loop.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
RUNS=${1:-10}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
cargo build --release --quiet --manifest-path "$ROOT/Cargo.toml" --bin searchlab
BIN="$CARGO_TARGET_DIR/release/searchlab"
PY="python3 $ROOT/scripts/npuzzle_baseline.py"

CASES=(
  "bfs 1,2,5,3,4,0,6,7,8"
  "bfs 8,6,4,2,1,3,5,7,0"
  "dfs 1,2,5,3,4,0,6,7,8"
  "dfs 6,1,8,4,0,2,7,3,5"
  "ast 8,6,4,2,1,3,5,7,0"
  "ast 8,6,7,2,5,4,3,0,1"
)

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"

for case in "${CASES[@]}"; do
  # shellcheck disable=SC2086 # the case is "method board", split on purpose
  ours=$("$BIN" npuzzle $case -o - | head -n 5)
  # shellcheck disable=SC2086
  theirs=$($PY $case --stdout | head -n 5)
  if [[ "$ours" != "$theirs" ]]; then
    echo "MISMATCH on $case:" >&2
    diff <(echo "$ours") <(echo "$theirs") >&2 || true
    exit 1
  fi
done
echo "All ${#CASES[@]} cases agree on the five exact lines." >&2

# mean_ms "command...": mean wall-clock milliseconds over $RUNS runs.
mean_ms() {
  if command -v hyperfine >/dev/null; then
    hyperfine --shell=none --warmup 2 --runs "$RUNS" --export-json "$WORK/t.json" "$1" >/dev/null 2>&1
    python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"][0]; print("%.1f ± %.1f" % (r["mean"]*1000, r["stddev"]*1000))' "$WORK/t.json"
  else
    local start end
    start=$(date +%s%N)
    for _ in $(seq "$RUNS"); do $1 >/dev/null; done
    end=$(date +%s%N)
    python3 -c "print(f'{($end - $start) / 1e6 / $RUNS:.1f}')"
  fi
}

tool=$(command -v hyperfine >/dev/null && hyperfine --version || echo "bash loop")
echo "| case | searchlab (ms) | Python baseline (ms) | speed-up |"
echo "|---|---:|---:|---:|"
for case in "${CASES[@]}"; do
  ours=$(mean_ms "$BIN npuzzle $case")
  theirs=$(mean_ms "$PY $case")
  speedup=$(python3 -c "print(f'{float(\"${theirs%% *}\") / float(\"${ours%% *}\"):.0f}x')")
  echo "| \`$case\` | $ours | $theirs | $speedup |"
done
echo
echo "Whole-process wall time, mean ± standard deviation of $RUNS runs after 2 warm-ups ($tool);" \
  "both write output.txt. $(nproc) cores, $(python3 --version)."
