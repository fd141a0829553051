#!/usr/bin/env bash
# mipssim_devices.sh: mipssim's devices from the command line
# (docs/devices.md): the MMIO keyboard and display with timed keys, the
# snake game (reference-asm/mips/snake.asm) replayed from --keys into PNG
# frames equal byte for byte to the golden ones, syscall 32 under
# --frames, and the options' mistakes.
#
#   mipssim_devices.sh MIPSSIM SOURCE_DIR
if [[ $# -ne 2 ]]; then
    echo "usage: $0 MIPSSIM SOURCE_DIR" >&2
    exit 2
fi
real_tool=$1 src=$2 name=mipssim_devices
. "$(dirname "${BASH_SOURCE[0]}")/cli_lib.sh"
tool=run_limited
run_limited() { timeout 60 "$real_tool" "$@" < /dev/null; }
golden=$src/tests/golden/devices

# An echo through the receiver and transmitter, keys at given counts.
cat > "$tmp/echo.asm" <<'ASM'
        li $t0, 0xffff0000
wait:   lw $t1, 0($t0)
        andi $t1, $t1, 1
        beqz $t1, wait
        lw $t2, 4($t0)
        li $t3, 'q'
        beq $t2, $t3, quit
tx:     lw $t1, 8($t0)
        andi $t1, $t1, 1
        beqz $t1, tx
        sw $t2, 12($t0)
        j wait
quit:   li $v0, 10
        syscall
ASM
printf '# keys\n100 h\n200 i\n\n250 0x0a\n400 q\n' > "$tmp/echo.keys"
expect "--keys: the echo runs" 0 -- --keys "$tmp/echo.keys" --count "$tmp/echo.asm"
if [[ "$(cat "$tmp/out"; echo .)" == $'hi\n.' ]]; then pass "--keys: the echo shows hi"
else fail "--keys: the echo shows:"; od -c "$tmp/out"; fi
# q at 400: the polling loop reads it at once, so the run ends a few
# instructions later, whatever the chunks.
contains "--keys: the keys arrive at their counts" "$tmp/err" "mipssim: 409 instructions executed"

# From a pipe, one key at a time, each once the last was read.
printf 'abc\nq' | timeout 60 "$real_tool" --mmio "$tmp/echo.asm" > "$tmp/out" 2> "$tmp/err"
if [[ "$(cat "$tmp/out"; echo .)" == $'abc\n.' ]]; then pass "--mmio: keys from a pipe"
else fail "--mmio: keys from a pipe:"; od -c "$tmp/out"; cat "$tmp/err"; fi

# Without --mmio the same program waits forever on plain memory.
expect "no --mmio: MMIO is memory" 3 -- --limit 10000 "$tmp/echo.asm"

# A longer delay: the program's polls see it.
cat > "$tmp/delay.asm" <<'ASM'
        li $t0, 0xffff0000
        li $t1, 'x'
        sw $t1, 12($t0)
        li $s0, 0
poll:   addiu $s0, $s0, 1
        lw $t1, 8($t0)
        andi $t1, $t1, 1
        beqz $t1, poll
ASM
expect "--mmio-delay 100" 0 -- --mmio --mmio-delay 100 --regs "$tmp/delay.asm"
contains "--mmio-delay 100: the 26th poll, the 104th instruction" "$tmp/err" $'$s0\t0x0000001a'
expect "--mmio: MARS's default delay 5" 0 -- --mmio --regs "$tmp/delay.asm"
contains "--mmio: 5 instructions, the second poll" "$tmp/err" $'$s0\t0x00000002'

# The snake game replayed: frames every 250 instructions and at the end.
mkdir "$tmp/frames"
expect "snake: the replay runs" 0 -- --keys "$golden/snake/snake.keys" --bitmap 16x16 \
    --frames "$tmp/frames" --frame-every 250 "$src/reference-asm/mips/snake.asm"
contains "snake: ate once, then hit the wall" "$tmp/out" "Game over! Score: 1"
want=$(cd "$golden/snake" && ls frame-*.png | wc -l) got=$(ls "$tmp/frames" | wc -l)
[[ $want == "$got" && $want -gt 1 ]] && pass "snake: $got frames" || fail "snake: $got frames, expected $want"
for f in "$golden"/snake/frame-*.png; do
    cmp -s "$f" "$tmp/frames/$(basename "$f")" || fail "snake: $(basename "$f") differs"
done
pass "snake: the frames are the golden ones"

# The README's picture of the game: 4x4-pixel units, the frame after 850
# instructions.
mkdir "$tmp/readme"
expect "snake: the README's picture" 0 -- --keys "$golden/snake/readme.keys" \
    --bitmap 64x64,unit=4 --frames "$tmp/readme" --frame-every 850 \
    "$src/reference-asm/mips/snake.asm"
cmp -s "$src/docs/images/snake.png" "$tmp/readme/frame-00000.png" \
    && pass "snake: docs/images/snake.png is the game's frame" \
    || fail "snake: docs/images/snake.png differs from the replay's frame"

# The display's settings: unit and base.
cat > "$tmp/pixel.asm" <<'ASM'
        li $t0, 0x10040000
        li $t1, 0x00ff8000
        sw $t1, 4($t0)
ASM
mkdir "$tmp/heap"
expect "--bitmap base=heap" 0 -- --bitmap 4x2,unit=2,base=0x10040000 --frames "$tmp/heap" \
    "$tmp/pixel.asm"
# 4x2 pixels of 2x2 units: the second unit is the top right 2x2 block.
rows=$(tail -c +9 "$tmp/heap/frame-00000.png" | head -c 33 | od -An -tx1 | tr -d ' \n')
[[ $rows == 0000000d49484452000000040000000208020000* ]] && pass "--bitmap: the frame is 4x2 RGB" \
    || fail "--bitmap: IHDR $rows"
# MARS's unit width and height set apart: 8x2 pixels of 2x1 units are 4
# columns of 2 rows; the second unit is pixels 2 and 3 of the top row only.
mkdir "$tmp/wide"
expect "--bitmap unit=2x1" 0 -- --bitmap 8x2,unit=2x1,base=0x10040000 --frames "$tmp/wide" \
    "$tmp/pixel.asm"
if python3 - "$tmp/wide/frame-00000.png" << 'PY'
import struct, sys, zlib
data = open(sys.argv[1], 'rb').read()
w, h = struct.unpack('>II', data[16:24])
idat = b''.join(data[i + 8:i + 8 + struct.unpack('>I', data[i:i + 4])[0]]
                for i in range(8, len(data)) if data[i + 4:i + 8] == b'IDAT')
raw = zlib.decompress(idat)
rows = [[tuple(raw[y * (3 * w + 1) + 1 + 3 * x:][:3]) for x in range(w)] for y in range(h)]
lit = [(x, y) for y in range(h) for x in range(w) if rows[y][x] == (0xff, 0x80, 0x00)]
sys.exit(not ((w, h) == (8, 2) and lit == [(2, 0), (3, 0)]))
PY
then pass "--bitmap unit=2x1: the second unit is two pixels wide, one high"
else fail "--bitmap unit=2x1: wrong pixels in $tmp/wide/frame-00000.png"; fi
expect "--bitmap: a unit height that does not divide" 2 -- --bitmap 8x3,unit=2x2 "$tmp/pixel.asm"

# syscall 32 counts no wall time under --frames: a sleep of 1000 s ends at once.
printf 'li $a0, 1000000\nli $v0, 32\nsyscall\n' > "$tmp/sleep.asm"
mkdir "$tmp/sleep"
expect "--frames: sleep takes no wall time" 0 -- --bitmap 64x64 --frames "$tmp/sleep" "$tmp/sleep.asm"

# The debugger's screenshot, and backstep restoring the display.
cat > "$tmp/px.asm" <<'ASM'
        li $t0, 0x10010000
        li $t1, 0x00ff0000
        sw $t1, 0($t0)
        li $t1, 0x0000ff00
        sw $t1, 4($t0)
ASM
printf 'stepi 5\nscreenshot %s/a.png\nstepi 2\nscreenshot %s/b.png\nbackstep 2\nscreenshot %s/c.png\nquit\n' \
    "$tmp" "$tmp" "$tmp" > "$tmp/px.cmds"
expect "-d --bitmap: screenshots" 0 -- --bitmap 2x1 -d -x "$tmp/px.cmds" "$tmp/px.asm"
contains "-d: screenshot says where" "$tmp/out" "Wrote the display to $tmp/a.png."
mkdir "$tmp/px"
expect "--bitmap 2x1: the whole run" 0 -- --bitmap 2x1 --frames "$tmp/px" "$tmp/px.asm"
cmp -s "$tmp/b.png" "$tmp/px/frame-00000.png" && pass "-d: the screenshot is the display" \
    || fail "-d: the screenshot differs from the run's frame"
cmp -s "$tmp/a.png" "$tmp/b.png" && fail "-d: the second store changed nothing" \
    || pass "-d: the display changes as the program stores"
cmp -s "$tmp/a.png" "$tmp/c.png" && pass "-d: backstep restores the display" \
    || fail "-d: after backstep the display differs"
expect "-d without --bitmap: no display" 0 -- -d -x "$tmp/px.cmds" "$tmp/px.asm"
contains "-d without --bitmap: says so" "$tmp/out" "This program has no display (--bitmap, --video)."
expect "-d --mmio: not yet" 2 -- -d --mmio "$tmp/px.asm"

# Mistakes.
expect "--frames needs --bitmap" 2 -- --frames "$tmp" "$tmp/echo.asm"
says "--frames needs --bitmap: says so" "--frames needs a display: --bitmap"
expect "--frame-every needs --frames" 2 -- --frame-every 10 "$tmp/echo.asm"
expect "--bitmap: a unit that does not divide" 2 -- --bitmap 10x10,unit=4 "$tmp/echo.asm"
expect "--bitmap: not one of MARS's bases" 2 -- --bitmap 64x64,base=0x10020000 "$tmp/echo.asm"
expect "--mmio-delay 0" 2 -- --mmio-delay 0 "$tmp/echo.asm"
printf '10 a\n5 b\n' > "$tmp/bad.keys"
expect "--keys: counts going down" 2 -- --keys "$tmp/bad.keys" "$tmp/echo.asm"
says "--keys: names the line" "bad.keys:2: the count 5 is below the line before's"
printf '10 ab\n' > "$tmp/bad.keys"
expect "--keys: a bad key" 2 -- --keys "$tmp/bad.keys" "$tmp/echo.asm"
says "--keys: a bad key: names the line" "bad.keys:1: expected 'COUNT KEY'"
expect "--help names the devices" 0 -- --help
for word in --mmio --mmio-delay --keys --bitmap --frames --frame-every; do
    grep -qF -- "$word" "$tmp/out" || fail "--help does not mention $word"
done
exit $failed
