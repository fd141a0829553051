# CR-only line endings (classic Mac): MARS splits lines at a lone CR.
.data
msg: .asciiz "line one\n"   # a comment ends at the CR
.text
main:
    la $a0, msg
    li $v0, 4
    syscall
    li $a0, 42
    li $v0, 1
    syscall
    lw $t0, 1($zero)   # line 12: a runtime error names this line
