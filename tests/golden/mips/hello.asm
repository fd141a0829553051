# Prints a greeting with syscall 4 and exits with syscall 10.
        .data
msg:    .asciiz "Hello, world!\n"
        .text
        la $a0, msg
        li $v0, 4
        syscall
        li $v0, 10
        syscall
        li $v0, 4       # never reached: 10 ended the run
        syscall
