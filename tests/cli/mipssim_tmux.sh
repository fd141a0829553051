#!/usr/bin/env bash
# mipssim_tmux.sh: plays a few moves of reference-asm/mips/snake.asm in a
# real terminal (a tmux pane): the picture drawn with half blocks, real
# keystrokes turning the snake through --mmio, the game's end, the
# terminal restored, and a picture of the screen (Chromium draws the
# captured cells). Fails without tmux: scripts/setup-deps.sh installs it.
#
#   mipssim_tmux.sh MIPSSIM SOURCE_DIR
if [[ $# -ne 2 ]]; then
    echo "usage: $0 MIPSSIM SOURCE_DIR" >&2
    exit 2
fi
command -v tmux > /dev/null 2>&1 || { echo "FAIL: no tmux (scripts/setup-deps.sh installs it)"; exit 1; }
tool=$1 src=$2 name=mipssim_tmux
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/cli_lib.sh"
sock="mipssim_tmux_$$"
trap 'tmux -L "$sock" kill-server 2> /dev/null; rm -rf "$tmp"' EXIT
green='2;0;255;0m'

# screen: the pane as the terminal shows it, colours as escapes.
screen() { tmux -L "$sock" capture-pane -p -e -t game; }
# await TEXT: the pane shows TEXT within 30 s.
await() {
    for _ in $(seq 300); do
        screen | grep -qF -- "$1" && return 0
        sleep 0.1
    done
    return 1
}

tmux -L "$sock" new-session -d -s game -x 80 -y 30 \
    "'$tool' --mmio --bitmap 64x64,unit=4 '$src/reference-asm/mips/snake.asm'; s=\$?; sleep 1; \
     echo EXIT=\$s; stty -a | tr ' ' '\\n' | grep -x -e icanon -e -icanon -e echo -e -echo \
     | tr '\\n' ' '; echo; sleep 60"
await "$green" && pass "the board is drawn in 24-bit colour" || fail "no snake on the screen"
# The snake starts on row 8 going right; w turns it up, a left, before it
# reaches the right wall (12 steps of 100 ms).
tmux -L "$sock" send-keys -t game w
sleep 0.3
tmux -L "$sock" send-keys -t game a
await "Game over! Score: 0" && pass "the game ends at a wall" || fail "the game did not end"
# The screen as it is now, drawn by a browser cell by cell (term_shot.py):
# the README's picture (MIPSSIM_TMUX_PNG=FILE keeps it).
screen > "$tmp/pane.ansi"
python3 "$here/term_shot.py" html "$tmp/pane.ansi" > "$tmp/pane.html"
read -r width height < <(python3 "$here/term_shot.py" size "$tmp/pane.ansi")
timeout 60 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
    --user-data-dir="$tmp/profile" --host-resolver-rules='MAP * ~NOTFOUND' \
    --window-size="$width,$height" --screenshot="$tmp/pane.png" "file://$tmp/pane.html" \
    > "$tmp/chromium.log" 2>&1
if python3 "$here/term_shot.py" check "$tmp/pane.png" "$tmp/pane.ansi" > "$tmp/check" 2>&1; then
    pass "the screen's picture: $(cat "$tmp/check")"
else fail "the screen's picture: $(cat "$tmp/check")"; tail -3 "$tmp/chromium.log"; fi
[[ -n ${MIPSSIM_TMUX_PNG:-} ]] && cp "$tmp/pane.png" "$MIPSSIM_TMUX_PNG"
await "EXIT=0" && pass "mipssim exits 0" || fail "exit status: $(screen | grep EXIT=)"
await "icanon echo" && pass "the terminal is restored" || fail "terminal: $(screen | tail -5)"
# Rows of cells: row 5 shows units 8 and 9. Keys not seen, the snake would
# die on row 8; turned, it lies on other rows.
if screen | head -8 | sed -n '1,4p;6,8p' | grep -qF "$green"; then
    pass "the keys turned the snake"
else
    fail "the snake never turned:"; screen | head -8 | cat -v
fi
exit $failed
