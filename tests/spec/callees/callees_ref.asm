# The reference of callees.spec: twice(x) = 2x; sum_twice(x, y) =
# twice(x) + twice(y), by two calls of twice.
        .text
        .globl twice
        .globl sum_twice
twice:
        sll $v0, $a0, 1
        jr $ra

sum_twice:
        addi $sp, $sp, -12
        sw $ra, 0($sp)
        sw $s0, 4($sp)
        sw $s1, 8($sp)
        move $s1, $a1
        jal twice
        move $s0, $v0
        move $a0, $s1
        jal twice
        add $v0, $v0, $s0
        lw $ra, 0($sp)
        lw $s0, 4($sp)
        lw $s1, 8($sp)
        addi $sp, $sp, 12
        jr $ra
