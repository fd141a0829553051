# Prints argc, then each argument on its own line.
.text
    move $s0, $a0
    move $s1, $a1
    li $v0, 1
    syscall
    li $v0, 11
    li $a0, '\n'
    syscall
next:
    beqz $s0, done
    lw $a0, 0($s1)
    li $v0, 4
    syscall
    li $v0, 11
    li $a0, '\n'
    syscall
    addi $s1, $s1, 4
    addi $s0, $s0, -1
    j next
done:
