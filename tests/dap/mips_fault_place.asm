# A load from an unaligned address: the exception stop is at the lw, with
# CP0 as MARS sets it (Cause 0x10, EPC the lw, BadVAddr the address).
        .text
main:   li   $t0, 0x10010001
        lw   $t1, 0($t0)
        li   $v0, 10
        syscall
