.globl greet
.data
hi: .asciiz "from a_greet.s\n"
.text
greet:
    li $v0, 4
    la $a0, hi
    syscall
    jr $ra
