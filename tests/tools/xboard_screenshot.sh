#!/usr/bin/env bash
# A screenshot of XBoard playing a chimera variant (chimera against itself),
# headless under xvfb-run; needs xboard, xvfb, xdotool and ImageMagick's
# `import`. chimera's warnings about the variant (XBoard's "Note" windows)
# are hidden before the picture is taken.
#
#   xboard_screenshot.sh CHIMERA VARIANT OUT.png [SECONDS [OPPONENT]]
#
# OPPONENT, if given, is the second engine's command (e.g. /usr/games/hachu
# for chu); by default chimera plays itself.
#
# The variant is one chimera offers (e.g. kozune); XBoard learns its board
# and pieces from chimera's `setup` and `piece` commands. The picture is
# taken after SECONDS (default 30) of play.
set -euo pipefail
if [ "${1:-}" != "--inside" ]; then
  exec xvfb-run -a -s "-screen 0 1024x900x24" "$0" --inside "$@"
fi
shift
chimera="$1" variant="$2" out="$3" wait="${4:-30}" opponent="${5:-$1 xboard}"
dir=$(mktemp -d)
/usr/games/xboard -fcp "$chimera xboard" -fd "$dir" -scp "$opponent" -sd "$dir" \
  -variant "$variant" -initialMode TwoMachines -searchTime 0:01 -size Medium \
  -settingsFile "$dir/settings" -saveSettingsOnExit false -popupExitMessage false \
  -soundProgram true -showCoords true &
xb=$!
sleep "$wait"
for note in $(xdotool search --name '^Note$' 2>/dev/null); do xdotool windowunmap "$note"; done
main=$(xdotool search --name ' vs\. ' | head -1)
import -window "$main" "$out"
kill "$xb"
rm -rf "$dir"
