#!/usr/bin/env bash
# lc3sim_video.sh: lc3sim's video display and timed keys
# (docs/devices.md): reference-asm/lc3/paint.asm replayed from --keys into
# a PNG frame equal byte for byte to the golden one, frames every N
# instructions, keys at their counts, and the options' mistakes.
#
#   lc3sim_video.sh LC3SIM SOURCE_DIR
if [[ $# -ne 2 ]]; then
    echo "usage: $0 LC3SIM SOURCE_DIR" >&2
    exit 2
fi
real_tool=$1 src=$2 name=lc3sim_video
. "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"
tool=run_limited
run_limited() { timeout 60 "$real_tool" "$@" < /dev/null; }
golden=$src/tests/golden/devices/paint
paint=$src/reference-asm/lc3/paint.asm

mkdir "$tmp/f"
expect "paint: the replay halts" 0 -- --video --keys "$golden/paint.keys" --frames "$tmp/f" "$paint"
cmp -s "$golden/frame-00000.png" "$tmp/f/frame-00000.png" && pass "paint: the golden frame" \
    || fail "paint: the frame differs from $golden/frame-00000.png"
[[ $(ls "$tmp/f" | wc -l) == 1 ]] && pass "paint: one frame, at the end" || fail "paint: $(ls "$tmp/f")"

# Frames every 5000 instructions, then the last: the run takes 30591.
mkdir "$tmp/every"
expect "--frame-every 5000" 0 -- --video --keys "$golden/paint.keys" --frames "$tmp/every" \
    --frame-every 5000 --stats "$paint"
[[ $(ls "$tmp/every" | wc -l) == 7 ]] && pass "--frame-every: 6 frames and the last" \
    || fail "--frame-every: $(ls "$tmp/every" | wc -l) frames"
cmp -s "$golden/frame-00000.png" "$tmp/every/frame-00006.png" && pass "--frame-every: the last is the same" \
    || fail "--frame-every: the last frame differs"
cmp -s "$tmp/every/frame-00000.png" "$tmp/every/frame-00006.png" && fail "--frame-every: the first frame is the last" \
    || pass "--frame-every: the picture changes"
says "--keys: the keys at their counts make the run exact" "lc3sim: 30591 instructions in"

# --keys without --video: the keyboard of a text program; after the last
# key, the program waiting for another ends as at the end of input.
cat > "$tmp/echo.asm" <<'ASM'
        .ORIG x3000
LOOP    GETC
        OUT
        BR LOOP
        .END
ASM
printf '100 o\n5000 k\n' > "$tmp/echo.keys"
expect "--keys: a text program" 4 -- --keys "$tmp/echo.keys" "$tmp/echo.asm"
if [[ "$(cat "$tmp/out"; echo .)" == "ok." ]]; then pass "--keys: the keys reach GETC"
else fail "--keys: the program printed:"; od -c "$tmp/out"; fi

# The debugger's screenshot, and backstep restoring the display.
cat > "$tmp/v.asm" <<'ASM'
        .ORIG x3000
        LD R1, V
        LD R2, C
        STR R2, R1, #0
        HALT
V       .FILL xC000
C       .FILL x7C00
        .END
ASM
printf 'stepi 3\nscreenshot %s/a.png\nbackstep\nscreenshot %s/b.png\nquit\n' "$tmp" "$tmp" > "$tmp/v.cmds"
expect "-d --video: screenshots" 0 -- --video -d -x "$tmp/v.cmds" "$tmp/v.asm"
contains "-d: screenshot says where" "$tmp/out" "Wrote the display to $tmp/b.png."
mkdir "$tmp/v" "$tmp/v0"
expect "--video: the whole run" 0 -- --video --frames "$tmp/v" "$tmp/v.asm"
expect "--video: the first instruction" 3 -- --video --frames "$tmp/v0" --limit 1 "$tmp/v.asm"
cmp -s "$tmp/a.png" "$tmp/v/frame-00000.png" && pass "-d: the screenshot is the display" \
    || fail "-d: the screenshot differs from the run's frame"
cmp -s "$tmp/b.png" "$tmp/v0/frame-00000.png" && pass "-d: backstep restores the display" \
    || fail "-d: after backstep the display differs"
cmp -s "$tmp/a.png" "$tmp/b.png" && fail "-d: the store changed nothing" || pass "-d: the store shows"
expect "-d --keys: not yet" 2 -- -d --keys "$tmp/v.cmds" "$tmp/v.asm"

expect "--frames needs --video" 2 -- --frames "$tmp" "$paint"
says "--frames needs --video: says so" "--frames needs the display: --video"
expect "--frame-every needs --frames" 2 -- --video --frame-every 5 "$paint"
printf 'x y\n' > "$tmp/bad.keys"
expect "--keys: a bad line" 2 -- --keys "$tmp/bad.keys" "$paint"
says "--keys: names the line" "bad.keys:1: expected 'COUNT KEY'"
expect "--help names the options" 0 -- --help
for word in --video --keys --frames --frame-every; do
    grep -qF -- "$word" "$tmp/out" || fail "--help does not mention $word"
done
exit $failed
