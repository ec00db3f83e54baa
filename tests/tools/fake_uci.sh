#!/usr/bin/env bash
# A misbehaving UCI engine for tests: `fake_uci.sh illegal|silent|crash|resign`.
# It greets like an engine, offers chess and kozune, then answers `go` badly.
mode="$1"
while read -r line; do
  case "$line" in
    uci) echo "id name fake-$mode"; echo "option name UCI_Variant type combo default chess var chess var kozune"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*)
      case "$mode" in
        illegal) echo "bestmove a1a1" ;;
        silent) ;;
        crash) exit 3 ;;
        resign) echo "bestmove (none)" ;;
      esac ;;
    quit) exit 0 ;;
  esac
done
