#!/usr/bin/env bash
# setup-deps.sh: makes sure the build tools are installed (cmake, make, flex,
# bison, a C compiler, cmocka's header; for the tests groff, jq, python3,
# chromium, which renders a batch's report page and the web IDE, tmux, a
# real terminal for the games' keys, neovim, a real language-server client,
# emscripten with node-acorn, which build the web IDE's module, and npm for
# the editors' and the web IDE's npm ci: Debian's npm only where node is
# Debian's, never beside NodeSource's nodejs, which carries npm), installing
# them with
# apt-get when running as root. Exits non-zero when something is missing and cannot be
# installed here.
set -euo pipefail

packages="cmake make flex bison gcc libcmocka-dev groff-base jq python3 chromium tmux neovim emscripten node-acorn"
tools="cmake make flex bison cc groff jq python3 chromium tmux nvim emcc node npm"
command -v npm >/dev/null 2>&1 || packages="$packages npm"
# --build: the build tools alone (scripts/run.sh, which only plays a game,
# needs no test tools and no browser).
if [[ ${1:-} == --build ]]; then
    packages="cmake make flex bison gcc libcmocka-dev"
    tools="cmake make flex bison cc"
fi

# Prints the names of the missing tools, one a line.
missing() {
    local tool
    for tool in $tools; do
        command -v "$tool" >/dev/null 2>&1 || echo "$tool"
    done
    # cmocka.h needs these headers before it; preprocessing is enough to
    # prove the header is where the compiler looks.
    if ! command -v cc >/dev/null 2>&1 ||
       ! printf '#include <stdarg.h>\n#include <stddef.h>\n#include <stdint.h>\n#include <setjmp.h>\n#include <cmocka.h>\n' |
         cc -E -x c - -o /dev/null >/dev/null 2>&1; then
        echo "cmocka.h"
    fi
    # Debian's emscripten needs acorn, which node finds in Debian's folder.
    if [[ $tools == *emcc* && ! -f /usr/share/nodejs/acorn/package.json ]]; then
        echo "node-acorn"
    fi
}

need=$(missing)
if [[ -z $need ]]; then
    exit 0
fi

echo "setup-deps: missing: $(echo $need)" >&2
if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update && apt-get install -y $packages
    need=$(missing)
    if [[ -n $need ]]; then
        echo "setup-deps: still missing after apt-get: $(echo $need)" >&2
        exit 1
    fi
    exit 0
fi

[[ " $need " == *" npm "* ]] &&
    echo "setup-deps: npm comes with NodeSource's nodejs (https://deb.nodesource.com)" >&2
echo "setup-deps: install them with:" >&2
echo "  sudo apt-get update && sudo apt-get install -y $packages" >&2
exit 1
