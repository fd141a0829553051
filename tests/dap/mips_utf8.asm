# The DAP sessions' output that is not all ASCII: 4095 a's fill the console
# buffer but one byte. MARS prints each byte of a string as a character,
# so 0xc3 comes out as the two bytes of A-tilde, which then fall in two
# flushes. The .byte values draw warnings, sent at launch.
        .data
tail:   .byte 0xc3, 0xa9, 0xff, 10, 0
        .text
main:   li   $t0, 4095
        li   $v0, 11
        li   $a0, 97
loop:   syscall
        addi $t0, $t0, -1
        bgtz $t0, loop
        li   $v0, 4
        la   $a0, tail
        syscall
