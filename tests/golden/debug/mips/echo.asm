# echo.asm: reads a name (syscall 8) and a number (syscall 5), prints them
# back, and keeps the number in `count`.
        .data
name:   .space 16
count:  .word 0
hello:  .asciiz "hello "
times:  .asciiz " x"

        .text
# main: read, store, print.
# Registers: $t0 = the number read.
main:   li $v0, 8               # name = a line of at most 15 characters
        la $a0, name
        li $a1, 16
        syscall
        li $v0, 5               # count = a number
        syscall
        move $t0, $v0
        sw $t0, count
        li $v0, 4               # print "hello NAME x COUNT\n"
        la $a0, hello
        syscall
        li $v0, 4
        la $a0, name
        syscall
        li $v0, 4
        la $a0, times
        syscall
        li $v0, 1
        move $a0, $t0
        syscall
        li $v0, 11
        li $a0, '\n'
        syscall
        li $v0, 10
        syscall
