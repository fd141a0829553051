# The checks that show without running, and the semantic tokens.
.eqv SIZE 4
.macro push (%reg)
        addi $sp, $sp, -SIZE
        sw %reg, 0($sp)
.end_macro
        .text
main:   li $v0, 5
        syscall
        add $zero, $v0, $v0     # the sum is lost
        move $k0, $v0           # a value kept in $k0
        lw $t0, 8($gp)          # $gp-relative memory
        push ($ra)
        jal helper
        move $s0, $a0           # registers by their use
        li $v0, 10
        syscall
helper: jr $ra
        nop
        jalr $zero, $ra         # a return that drops the link
        .ktext 0x80000180
        move $k0, $at           # the exception handler's own registers
        eret
