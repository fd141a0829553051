#!/usr/bin/env bash
# ci_script.sh SOURCE_DIR: .ci/run parses, and runs exactly three commands:
# apt-get update, apt-get install of the build dependencies, and the
# README's test command (scripts/test.sh), with nothing on stderr; and
# where there is no npm, a fourth: apt-get install -y npm (Debian's node
# needs Debian's npm; NodeSource's node carries its own).
# It runs a copy of .ci/run beside stub commands, so nothing is installed or
# built.
name=ci_script
tool=true
source "$(dirname "$0")/cli_lib.sh"
src=$1

if bash -n "$src/.ci/run" 2> "$tmp/syntax"; then pass "bash -n .ci/run"; else
    fail "bash -n .ci/run"; cat "$tmp/syntax"; fi

mkdir -p "$tmp/repo/.ci" "$tmp/repo/scripts" "$tmp/bin"
cp "$src/.ci/run" "$tmp/repo/.ci/run"
log=$tmp/commands
for stub in apt-get sudo; do
    printf '#!/bin/sh\necho "%s $*" >> "%s"\n' "$stub" "$log" > "$tmp/bin/$stub"
    chmod +x "$tmp/bin/$stub"
done
printf '#!/bin/sh\necho "scripts/test.sh $*" >> "%s"\n' "$log" > "$tmp/repo/scripts/test.sh"
chmod +x "$tmp/repo/scripts/test.sh"
# As root (CI's case) apt-get is called directly; elsewhere through sudo env.
PATH="$tmp/bin:$PATH" bash "$tmp/repo/.ci/run" > "$tmp/out" 2> "$tmp/err"
status=$?
[[ $status == 0 ]] && pass ".ci/run exits 0 with stub commands" ||
    fail ".ci/run exit status $status"
if [[ -s $tmp/err ]]; then fail ".ci/run wrote to stderr:"; cat "$tmp/err"; else
    pass ".ci/run writes nothing to stderr"; fi
sed -e 's/^sudo env DEBIAN_FRONTEND=noninteractive //' "$log" |
    sed -e 's/^sudo //' > "$tmp/ran"
# Under sudo the stub logs 'sudo env ... apt-get ...' and apt-get itself is not
# reached; keep the apt-get words either way.
sed -i -e 's/^env DEBIAN_FRONTEND=noninteractive //' "$tmp/ran"
want='apt-get update
apt-get install -y cmake flex bison libcmocka-dev gcc clang make libc6-dev groff-base jq python3 chromium tmux neovim emscripten node-acorn
scripts/test.sh '
if [[ $(cat "$tmp/ran") == "$want" ]]; then pass ".ci/run runs exactly its three commands"
else fail ".ci/run ran:"; cat "$log"; fi

# Without npm on PATH (node is Debian's, or none): only the commands .ci/run
# needs.
mkdir -p "$tmp/nonode"
for t in bash sh dirname id; do ln -s "$(command -v "$t")" "$tmp/nonode/$t"; done
: > "$log"
PATH="$tmp/bin:$tmp/nonode" bash "$tmp/repo/.ci/run" > "$tmp/out" 2> "$tmp/err" ||
    { fail ".ci/run without npm failed"; cat "$tmp/err"; }
sed -e 's/^sudo env DEBIAN_FRONTEND=noninteractive //' "$log" > "$tmp/ran"
want_nonode='apt-get update
apt-get install -y cmake flex bison libcmocka-dev gcc clang make libc6-dev groff-base jq python3 chromium tmux neovim emscripten node-acorn
apt-get install -y npm
scripts/test.sh '
if [[ $(cat "$tmp/ran") == "$want_nonode" ]]; then pass "without npm, .ci/run installs Debian's npm"
else fail ".ci/run without npm ran:"; cat "$log"; fi
exit $failed
