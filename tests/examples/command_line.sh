#!/bin/sh
# The command line every example game shares (runFromCommandLine): -h and --help print the usage on
# stdout and exit 0; a bad command line exits 2 with one line on stderr giving the reason, and
# prints nothing on stdout. None of these opens a window, so no display is needed.
# usage: command_line.sh GAME NAME
game=$1
name=$2
out=$(mktemp)
err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
failures=0

fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

for flag in --help -h; do
  "$game" "$flag" >"$out" 2>"$err"
  status=$?
  [ "$status" -eq 0 ] || fail "$flag exited with $status"
  head -n 1 "$out" | grep -q "^usage: $name \[--frames N \[--screenshot FILE\]\]$" ||
    fail "$flag: no usage line on stdout: $(head -n 1 "$out")"
  grep -q -- "--screenshot FILE" "$out" || fail "$flag: the options are not described"
  [ ! -s "$err" ] || fail "$flag wrote to stderr: $(cat "$err")"
done

# Each bad command line, then the reason its one line must give.
check_bad() {
  reason=$1
  shift
  "$game" "$@" >"$out" 2>"$err"
  status=$?
  [ "$status" -eq 2 ] || fail "$*: exited with $status, not 2"
  [ ! -s "$out" ] || fail "$*: wrote to stdout"
  [ "$(wc -l <"$err")" -eq 1 ] || fail "$*: not one line on stderr: $(cat "$err")"
  grep -q -F "$name: $reason" "$err" || fail "$*: stderr does not say '$reason': $(cat "$err")"
}
check_bad "unknown argument '--bogus'" --bogus
check_bad "unknown argument '--bogus'" --help --bogus
check_bad "--frames needs a positive whole number, not 'ten'" --frames ten
check_bad "--frames needs a positive whole number, not '0'" --frames 0
check_bad "--frames needs a positive whole number, not '12x'" --frames 12x
check_bad "--frames needs a value" --frames
check_bad "--screenshot needs --frames" --screenshot shot.png

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed for $name" >&2
  exit 1
fi
echo "$name: command line as documented"
