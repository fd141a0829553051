# Prints argc, then each argv string on its own line (--args, MARS's pa),
# then checks that argv ends with NULL and $sp points at argc.
        .text
        move $s0, $a0
        move $s1, $a1
        li $v0, 1
        syscall
        li $a0, '\n'
        li $v0, 11
        syscall
loop:   beqz $s0, done
        lw $a0, 0($s1)
        li $v0, 4
        syscall
        li $a0, '|'
        li $v0, 11
        syscall
        addi $s1, $s1, 4
        addi $s0, $s0, -1
        j loop
done:   lw $t0, 0($s1)          # argv's NULL
        lw $t1, 0($sp)          # argc
        add $a0, $t0, $t1
        li $v0, 1
        syscall
