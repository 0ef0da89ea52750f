#!/bin/sh
# Runs an example game headless for a number of frames, then checks its screenshot.
# usage: run_headless.sh GAME FRAMES SCREENSHOT CHECKER CHECKER_ARGS...
# The game exits non-zero when it cannot save the screenshot; 77 (no display) passes through as
# CTest's skip code.
game=$1
frames=$2
shot=$3
checker=$4
shift 4

rm -f "$shot"
sh "$(dirname "$0")/../sfml/run_with_display.sh" "$game" --frames "$frames" --screenshot "$shot"
status=$?
if [ "$status" -ne 0 ]; then
  echo "$game exited with $status" >&2
  exit "$status"
fi
exec "$checker" "$shot" "$@"
