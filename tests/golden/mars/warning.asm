# A warning: reported before the run; with "we" it is an error.
.data
b: .byte 0xe9
.text
    lbu $a0, b
    li $v0, 1
    syscall
