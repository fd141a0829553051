# fault_cp0.asm: an unaligned load, then (once $t0 is fixed) a negative
# sbrk: two runtime errors. tests/golden/mars/fault_cp0.asm is this program
# with a handler that prints the CP0 registers MARS sets for each.
        .text
main:   li   $t0, 0x10010001
        lw   $t1, 0($t0)
        li   $a0, -8
        li   $v0, 9
        syscall
        li   $v0, 10
        syscall
