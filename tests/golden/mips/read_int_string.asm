# Reads an int (syscall 5) and a string (syscall 8) and prints them back.
        .data
buf:    .space 16
said:   .asciiz "int+1="
str:    .asciiz " string="
        .text
        li $v0, 5
        syscall
        addi $s0, $v0, 1
        la $a0, buf
        li $a1, 16
        li $v0, 8
        syscall
        la $a0, said
        li $v0, 4
        syscall
        move $a0, $s0
        li $v0, 1
        syscall
        la $a0, str
        li $v0, 4
        syscall
        la $a0, buf
        li $v0, 4
        syscall
        li $v0, 10
        syscall
