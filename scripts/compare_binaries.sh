#!/usr/bin/env bash
# Measures two searchlab binaries side by side, in one run, on the README's figures:
# the 8-puzzle driver runs (hyperfine, whole process), Korf's 100 with Manhattan distance
# (CPU seconds of the search, old and new alternating in blocks of ten instances), Korf's
# 100 with the 7-8 pattern databases, and the 7-8 build. Prints a Markdown table with the
# ratio new/old for each row (below 1 is faster).
#
# Usage: scripts/compare_binaries.sh OLD NEW PDB_DIR [manhattan-ids]
#   OLD, NEW   two searchlab binaries (e.g. a release build of main before and after a change)
#   PDB_DIR    a folder holding the 7-8 databases (built by `searchlab pdb build --size 4
#              --pattern 7-8 --pdb-dir PDB_DIR`), used read-only
#   manhattan-ids  the Korf instances for the Manhattan row (default 1-100)
# Needs hyperfine (apt-get install -y hyperfine) and python3. Takes about 20 minutes with
# the defaults; run it on an otherwise idle machine. COMPARE_SKIP_BUILD=1 skips the 7-8 build.
set -euo pipefail

OLD=$(realpath "$1")
NEW=$(realpath "$2")
PDB=$(realpath "$3")
IDS=${4:-1-100}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"

row() { printf '| %s | %s | %s | %s |\n' "$1" "$2" "$3" "$(python3 -c "print(f'{$3/$2:.3f}')")"; }
total() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['totals'][sys.argv[2]])" "$1" "$2"; }

echo "| run | old | new | new/old |"
echo "|---|---:|---:|---:|"

# 1. The course driver, whole process (mean of hyperfine's runs, milliseconds).
for case in "bfs 8,6,4,2,1,3,5,7,0" "dfs 1,2,5,3,4,0,6,7,8" "ast 8,6,4,2,1,3,5,7,0"; do
  hyperfine -N -w 3 -r 30 --export-json h.json \
    "$OLD npuzzle $case -o /dev/null" "$NEW npuzzle $case -o /dev/null" >/dev/null 2>&1
  read -r a b < <(python3 -c "import json; r=json.load(open('h.json'))['results']; print(*(x['mean']*1000 for x in r))")
  row "\`npuzzle $case\`, ms" "$(printf %.2f "$a")" "$(printf %.2f "$b")"
done

# 2. Korf's 100 with Manhattan: blocks of ten, old and new alternating (ABBA), CPU seconds.
python3 - "$IDS" >blocks <<'EOF'
import sys
lo, hi = (int(x) for x in sys.argv[1].split("-"))
for start in range(lo, hi + 1, 10):
    print(f"{start}-{min(start + 9, hi)}")
EOF
old_cpu=0; new_cpu=0; i=0
while read -r block; do
  if (( i % 2 == 0 )); then order="OLD NEW"; else order="NEW OLD"; fi
  for who in $order; do
    bin=$OLD; [[ $who == NEW ]] && bin=$NEW
    "$bin" bench korf100 --heuristic manhattan --ids "$block" --json >b.json
    cpu=$(total b.json cpu_seconds)
    if [[ $who == OLD ]]; then old_cpu=$(python3 -c "print($old_cpu+$cpu)"); else new_cpu=$(python3 -c "print($new_cpu+$cpu)"); fi
  done
  i=$((i + 1))
done <blocks
row "Korf 100 ($IDS), IDA* + Manhattan, CPU s" "$(printf %.1f "$old_cpu")" "$(printf %.1f "$new_cpu")"

# 3. Korf's 100 with the 7-8 databases (search seconds, databases loaded before the clock).
"$OLD" bench korf100 --heuristic pdb-7-8 --pdb-dir "$PDB" --json >o.json
"$NEW" bench korf100 --heuristic pdb-7-8 --pdb-dir "$PDB" --json >n.json
row "Korf 100, pdb-7-8 + reflection, search s" "$(printf %.3f "$(total o.json seconds)")" "$(printf %.3f "$(total n.json seconds)")"

# 4. Building the 7-8 databases from scratch into a fresh folder (wall seconds);
#    COMPARE_SKIP_BUILD=1 leaves this row out.
[[ ${COMPARE_SKIP_BUILD:-0} == 1 ]] && exit 0
for who in OLD NEW; do
  bin=$OLD; [[ $who == NEW ]] && bin=$NEW
  rm -rf "pdb-$who"
  start=$(date +%s.%N)
  "$bin" pdb build --size 4 --pattern 7-8 --pdb-dir "pdb-$who" >/dev/null 2>&1
  end=$(date +%s.%N)
  declare "build_$who=$(python3 -c "print(f'{$end-$start:.1f}')")"
  rm -rf "pdb-$who"
done
# shellcheck disable=SC2154 # set by declare above
row "7-8 build, wall s" "$build_OLD" "$build_NEW"
