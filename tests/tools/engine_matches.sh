#!/usr/bin/env bash
# The strength figures of the engine issue: `chimera match` against real
# engines at equal time, one match after another (each uses about one core).
#
#   engine_matches.sh CHIMERA OUTDIR [GAMES] [TC]
#
# CHIMERA is the chimera binary; each match's JSON lines (one per game, then
# the score) go to OUTDIR/<name>.jsonl and the engines' protocol log to
# OUTDIR/<name>.log. GAMES defaults to 40, TC (seconds base+increment) to
# 10+0.1. Matches whose opponent is not installed are skipped with a note.
# Not a test: it takes an hour or more (Debian's fairymax, sjaakii, gpsshogi
# and fairy-stockfish packages provide the opponents).
set -uo pipefail
chimera="$1" out="$2" games="${3:-40}" tc="${4:-10+0.1}"
mkdir -p "$out"
# run NAME VARIANT OPPONENT [extra match flags]
run() {
  local name="$1" variant="$2" opponent="$3" program="${3#*:}"
  shift 3
  program="${program%%,*}"
  if [ ! -x "$program" ]; then
    echo "skip $name: $program is not installed"
    return
  fi
  local clock=(--tc "$tc")
  # gpsusi predates USI's binc/winc (it exits on them): the same base time
  # with the increment as byoyomi instead.
  if [ "${1:-}" = byoyomi ]; then
    clock=(--tc "${tc%%+*}" --byoyomi "${tc#*+}")
  fi
  echo "== $name: $games games at ${clock[*]}"
  "$chimera" match "variants/$variant.toml" --games "$games" "${clock[@]}" \
    --a engine --b "$opponent" --log "$out/$name.log" --json >"$out/$name.jsonl" 2>&1
  tail -n 1 "$out/$name.jsonl"
}
for m in ${MATCHES:-fairymax-chess fairymax-shatranj sjaakii-shogi gpsusi-shogi fairy-stockfish-shogi}; do
  case "$m" in
    fairymax-chess) run "$m" chess xboard:/usr/games/fairymax ;;
    fairymax-shatranj) run "$m" shatranj xboard:/usr/games/fairymax ;;
    fairymax-makruk) run "$m" makruk xboard:/usr/games/fairymax ;;
    sjaakii-shogi) run "$m" shogi xboard:/usr/games/sjaakii ;;
    gpsusi-shogi) run "$m" shogi usi:/usr/games/gpsusi byoyomi ;;
    # Over UCI: Debian's Fairy-Stockfish reads USI's btime as the second
    # player's clock (the first player's is wtime to it), so over USI it
    # spends the opponent's time and loses on time.
    fairy-stockfish-shogi) run "$m" shogi uci:/usr/games/fairy-stockfish ;;
    fairy-stockfish-chess) run "$m" chess uci:/usr/games/fairy-stockfish ;;
    *) echo "unknown match $m" ;;
  esac
done
