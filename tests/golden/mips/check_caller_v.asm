# $v1 read after a call that never set it: only $v0 is the result.
        .text
main:   li $v1, 7
        li $a0, 4
        jal inc
        add $a0, $v0, $v1       # $v1 is not inc's result
        li $v0, 1
        syscall
        li $v0, 10
        syscall

inc:    addi $v0, $a0, 1
        jr $ra
