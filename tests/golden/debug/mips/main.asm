# main.asm: prints the length of a message, measured by strlen in
# strlib.asm (a program of two files).
        .data
message: .asciiz "debugging"

        .text
        .globl main
# main: $a0 = the message; prints strlen(message).
main:   la $a0, message
        jal strlen
        move $a0, $v0
        li $v0, 1
        syscall
        li $v0, 10
        syscall
