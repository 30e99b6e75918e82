#!/usr/bin/env bash
# Regenerates the replay page's screenshots in docs/ (docs/visualize.md shows them), so that
# the page's look is reviewed with each change to it: the landing page, BFS beside A* on the
# 3-digit puzzle at the end of the search, the 8-puzzle's BFS beside A* (the tree by depth),
# the phone view (390 x 844) of hill-climbing stuck on 320 -> 110, and the Romania map with A*
# beside bidirectional uniform-cost search, and the 8-queens with hill-climbing (100 sideways
# moves allowed) beside simulated annealing, from the same start.
#
# Usage: scripts/screenshots.sh [OUT_DIR]      (default: docs/)
# Needs Debian's chromium and a built binary: $SEARCHLAB_BIN, else target/release/searchlab,
# else target/debug/searchlab.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-docs}"
bin="${SEARCHLAB_BIN:-}"
for candidate in "$bin" target/release/searchlab target/debug/searchlab; do
  if [ -n "$candidate" ] && [ -x "$candidate" ]; then bin="$candidate"; break; fi
done
[ -x "$bin" ] || { echo "screenshots: no searchlab binary (cargo build --release)" >&2; exit 2; }
browser="$(command -v chromium || command -v chromium-browser || true)"
[ -n "$browser" ] || { echo "screenshots: no chromium on PATH (apt-get install chromium)" >&2; exit 2; }
mkdir -p "$out"

work="$(mktemp -d)"
log="$work/serve.log"
"$bin" serve --port 0 >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 100); do
  url="$(grep -o 'http://127.0.0.1:[0-9]*' "$log" | head -n 1 || true)"
  [ -n "$url" ] && break
  sleep 0.1
done
[ -n "$url" ] || { echo "screenshots: the server did not start: $(cat "$log")" >&2; exit 1; }

# shot NAME WIDTH HEIGHT PATH: the page at PATH, WIDTH x HEIGHT, once its scripts have run.
shot() {
  "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$work/profile" \
    --window-size="$2,$3" --virtual-time-budget=20000 --screenshot="$out/$1" "$url$4" >/dev/null 2>&1
  [ -s "$out/$1" ] || { echo "screenshots: chromium wrote no $out/$1" >&2; exit 1; }
  echo "$out/$1"
}
shot serve-landing.png 1400 900 "/"
shot serve.png 1400 1300 "/?puzzle=digits&start=320&goal=110&forbidden=&algo=B&compare=A&at=end"
shot serve-bfs.png 1400 1300 "/?puzzle=npuzzle&board=8,6,4,2,1,3,5,7,0&algo=bfs&compare=ast&at=end"
shot serve-phone.png 390 844 "/?puzzle=digits&start=320&goal=110&forbidden=&algo=H&at=end"
shot serve-romania.png 1400 1300 "/?puzzle=romania&from=Arad&to=Bucharest&algo=astar&compare=bidirectional-ucs&at=end"
shot serve-queens.png 1400 1100 "/?puzzle=queens&n=8&seed=7&sideways=100&algo=hill&compare=annealing&at=end"
# Every registered puzzle, as the server lists them: NAME FIRST SECOND (the first strategy twice
# when it has one).
python3 -c '
import json, sys, urllib.request
for p in json.load(urllib.request.urlopen(sys.argv[1] + "/api/puzzles")):
    names = [s["name"] for s in p["strategies"]]
    print(p["name"], names[0], (names + names)[1])
' "$url" >"$work/puzzles"
while read -r name first second; do
  page="/?puzzle=$name&algo=$first&compare=$second&at=end"
  shot "serve-$name-390.png" 390 2000 "$page"
  shot "serve-$name-1400.png" 1400 1100 "$page"
done <"$work/puzzles"
