#!/bin/sh
# Runs a program that needs an X display: as is when DISPLAY is set, otherwise on a virtual
# framebuffer through xvfb-run. Exits 77 (CTest's skip code here) when neither is available.
if [ -n "${DISPLAY:-}" ]; then
  exec "$@"
fi
if command -v xvfb-run >/dev/null 2>&1; then
  exec xvfb-run -a "$@"
fi
echo "no X display and no xvfb-run: cannot run $1" >&2
exit 77
