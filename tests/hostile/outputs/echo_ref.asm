# The reference of echo.spec: prints one line.
.data
msg: .asciiz "hello\n"
.text
main:
    li $v0, 4
    la $a0, msg
    syscall
    li $v0, 10
    syscall
