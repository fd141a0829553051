.globl main
.text
main:
    li $v0, 1
    li $a0, 2
    syscall
