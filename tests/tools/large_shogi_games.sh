#!/usr/bin/env bash
# Plays each large shogi variant to a result, chimera's engine against
# itself on a clock, and reports each game's result, length, time and the
# process's peak memory (GNU time's maximum resident set size).
#
#   large_shogi_games.sh CHIMERA [TC] [MAX_PLIES] [VARIANT…]
#
# TC is each side's clock, `BASE+INC` seconds (default 60+1); MAX_PLIES the
# move limit (default 4000; a game that reaches it is a draw by the limit,
# which the report says). Variants default to the bundled large shogi games,
# smallest first. Output: one line per game. Run one at a time: a game
# uses the whole clock.
set -uo pipefail
chimera="$1"; tc="${2:-60+1}"; max="${3:-4000}"; shift $(( $# < 3 ? $# : 3 ))
root="$(cd "$(dirname "$0")/../.." && pwd)"
variants=("$@")
[ ${#variants[@]} -eq 0 ] && variants=(sho-shogi wa-shogi chu-shogi dai-shogi tenjiku-shogi dai-dai-shogi maka-dai-dai-shogi tai-shogi taikyoku-shogi)
for v in "${variants[@]}"; do
  out=$(mktemp)
  start=$(date +%s)
  /usr/bin/time -f "%M" -o "$out.rss" "$chimera" play "$root/variants/$v.toml" --tc "$tc" --max-moves "$max" --json > "$out" 2>&1
  status=$?
  secs=$(( $(date +%s) - start ))
  result=$(grep -o '"result":"[^"]*"' "$out" | tail -1 | cut -d'"' -f4)
  plies=$(grep -o '"plies":[0-9]*' "$out" | tail -1 | cut -d: -f2)
  echo "$v: exit $status, ${result:-no result}, ${plies:-?} plies, ${secs}s, peak RSS $(cat "$out.rss") KiB"
  rm -f "$out" "$out.rss"
done
