# Delayed branching: the instruction after the jump runs first.
.text
    j over
    li $a0, 7
    li $a0, 8
over:
    li $v0, 1
    syscall
