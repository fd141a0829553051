# A correct solution of callees.spec, its own way (the same labels made
# global as the reference makes them: both load side by side).
        .globl twice
        .globl sum_twice
sum_twice:
        addi $sp, $sp, -8
        sw $ra, 4($sp)
        sw $a1, 0($sp)
        jal twice
        lw $a0, 0($sp)
        sw $v0, 0($sp)
        jal twice
        lw $t0, 0($sp)
        addu $v0, $v0, $t0
        lw $ra, 4($sp)
        addi $sp, $sp, 8
        jr $ra

twice:
        add $v0, $a0, $a0
        jr $ra
