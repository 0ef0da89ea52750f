#!/bin/sh
# Runs a program that needs an X display: as is when DISPLAY is set, otherwise on a virtual
# framebuffer through xvfb-run. Exits 77 (CTest's skip code here) when neither is available.
if [ -n "${DISPLAY:-}" ]; then
  exec "$@"
fi
if ! command -v xvfb-run >/dev/null 2>&1; then
  echo "no X display and no xvfb-run: cannot run $1" >&2
  exit 77
fi
# -noreset: by default an X server resets when its last client disconnects, and a program that
# closes one window and opens the next (a test after a test) can find the display gone while it
# resets ("Failed to open X11 display"). On a loaded machine that happened to 14 of 15 runs of the
# render tests; with -noreset to none.
exec xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" "$@"
