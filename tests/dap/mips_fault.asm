# The DAP sessions' runtime error, after a label startMain skips.
        .text
skipped: li  $t1, 7
        .globl main
main:   li   $t2, 1
        lw   $t0, 0($zero)
