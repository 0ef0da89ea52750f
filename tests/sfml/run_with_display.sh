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
# A virtual display can go away under a program that was using it (a display test once lost its
# Xvfb between two of its tests: "Failed to open X11 display"); that says nothing about the
# program, so it runs once more on a fresh display. Any other failure stands.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
xvfb-run -a "$@" >"$log" 2>&1
status=$?
cat "$log"
if [ "$status" -ne 0 ] && grep -q "Failed to open X11 display" "$log"; then
  echo "run_with_display: the virtual display went away; running $1 once more" >&2
  xvfb-run -a "$@"
  status=$?
fi
exit "$status"
