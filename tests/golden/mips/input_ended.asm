# Waits for an int after its input has ended.
        .data
ask:    .asciiz "number? "
        .text
        la $a0, ask
        li $v0, 4
        syscall
        li $v0, 5
        syscall
