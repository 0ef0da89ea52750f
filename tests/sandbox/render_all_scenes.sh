#!/bin/sh
# Renders every built-in scene of oblique-sandbox headless for a few frames, with the panel and
# overlays on, and checks each run exits 0 and writes its screenshot.
# usage: render_all_scenes.sh OBLIQUE_SANDBOX OUTPUT_DIR
set -u
exe=$1
out=$2
mkdir -p "$out"
names=$("$exe" --list) || { echo "--list failed" >&2; exit 1; }
if [ -z "$names" ]; then
  echo "--list printed no scenes" >&2
  exit 1
fi
failed=0
count=0
# One name per line; names contain spaces, so split on newlines only.
old_ifs=$IFS
IFS='
'
for name in $names; do
  IFS=$old_ifs
  count=$((count + 1))
  file=$out/$(printf '%s' "$name" | tr -c 'A-Za-z0-9' '_').png
  rm -f "$file"
  if ! "$exe" --scene "$name" --frames 5 --size 640x400 --screenshot "$file"; then
    echo "FAILED: '$name' exited with an error" >&2
    failed=1
  elif [ ! -s "$file" ]; then
    echo "FAILED: '$name' wrote no screenshot" >&2
    failed=1
  else
    echo "ok: $name"
  fi
done
IFS=$old_ifs
echo "$count scenes rendered"
exit $failed
