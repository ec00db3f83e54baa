#!/usr/bin/env bash
# A headless XBoard match: `chimera xboard` (first engine) against another
# XBoard engine, under xvfb-run, with XBoard itself saving the games.
#
#   xboard_match.sh CHIMERA OUTDIR VARIANT OPPONENT GAMES [XBoard options…]
#
# CHIMERA is the chimera binary, OPPONENT the other engine's command. The
# games go to OUTDIR/VARIANT.pgn (written by XBoard), XBoard's protocol log
# to OUTDIR/VARIANT.log. Extra options go to XBoard (e.g. -searchTime 0:01,
# -depth 3). CHIMERA_ARGS, if set, follows `chimera xboard` (rules files to
# offer instead of the bundled variants). Exit status: XBoard's; 124 when
# the match outlives XBOARD_MATCH_SECONDS (default 900): a hung XBoard (an
# engine gone, a move it cannot read) fails the test instead of stalling it.
set -euo pipefail
chimera="$1" out="$2" variant="$3" opponent="$4" games="$5"
shift 5
mkdir -p "$out"
rm -f "$out/$variant.pgn" "$out/$variant.log"
exec timeout -k 10 "${XBOARD_MATCH_SECONDS:-900}" xvfb-run -a /usr/games/xboard \
  -fcp "$chimera xboard${CHIMERA_ARGS:+ $CHIMERA_ARGS}" -fd "$out" -scp "$opponent" -sd "$out" \
  -variant "$variant" -matchMode true -matchGames "$games" \
  -saveGameFile "$out/$variant.pgn" -debugMode true -nameOfDebugFile "$out/$variant.log" \
  -noGUI -xponder -popupExitMessage false -soundProgram true \
  -settingsFile "$out/xboard.settings" -saveSettingsOnExit false "$@"
