# Prints a line: MARS adds its copyright before and one newline after.
.data
msg: .asciiz "Hello\n"
.text
main:
    li $v0, 4
    la $a0, msg
    syscall
    li $v0, 10
    syscall
