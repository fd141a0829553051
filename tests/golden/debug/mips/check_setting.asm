# The check command turns checks on in a session (check_caller.asm's mistake).
        .text
main:   li $t0, 40
        li $a0, 2
        jal double
        add $a0, $t0, $v0       # $t0 is not guaranteed to survive the call
        li $v0, 1
        syscall
        li $v0, 10
        syscall

double: add $v0, $a0, $a0
        jr $ra
