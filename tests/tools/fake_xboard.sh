#!/usr/bin/env bash
# A misbehaving XBoard engine for tests:
# `fake_xboard.sh illegal|silent|crash|resign|claim-draw`.
# It announces chess and kozune, then answers `go` badly.
mode="$1"
while read -r line; do
  case "$line" in
    protover*) echo "feature myname=\"fake-$mode\" usermove=1 ping=1 setboard=1 variants=\"normal,kozune\" done=1" ;;
    ping*) echo "pong ${line#ping }" ;;
    go)
      case "$mode" in
        illegal) echo "move a1a1" ;;
        silent) ;;
        crash) exit 3 ;;
        resign) echo "resign" ;;
        claim-draw) echo "1/2-1/2 {Insufficient mating material}" ;;
      esac ;;
    quit) exit 0 ;;
  esac
done
