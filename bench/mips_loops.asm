# lw/addi/sw/bne loops: the MIPS simulator benchmark, about 100 million
# instructions (2,000 x 10,000 iterations of 5, a memory counter at the end
# that the bench checks). Ends with syscall 10.
        .data
counter: .word 0
        .text
main:   la   $s0, counter
        li   $s1, 2000
outer:  li   $t0, 10000
inner:  lw   $t1, 0($s0)
        addi $t1, $t1, 1
        sw   $t1, 0($s0)
        addi $t0, $t0, -1
        bne  $t0, $zero, inner
        addi $s1, $s1, -1
        bne  $s1, $zero, outer
        li   $v0, 10
        syscall
