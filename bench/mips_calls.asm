# Calls, stack frames and loads: the --check benchmark's second program
# (mips_check_bench). fib(27) recursively, saving $ra and $s0 on the stack
# as the convention says, about 20 million instructions. Ends with syscall 10.
        .text
main:   li   $a0, 27
        jal  fib
        li   $v0, 10
        syscall

# fib: $v0 = fib($a0)
fib:    addi $sp, $sp, -12
        sw   $ra, 8($sp)
        sw   $s0, 4($sp)
        sw   $s1, 0($sp)
        move $s0, $a0
        li   $v0, 1
        slti $t0, $s0, 2
        bne  $t0, $zero, fib_done
        addi $a0, $s0, -1
        jal  fib
        move $s1, $v0
        addi $a0, $s0, -2
        jal  fib
        add  $v0, $v0, $s1
fib_done:
        lw   $s1, 0($sp)
        lw   $s0, 4($sp)
        lw   $ra, 8($sp)
        addi $sp, $sp, 12
        jr   $ra
