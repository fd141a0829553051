# goodbye.asm: prints "goodbye" and exits; what programs.spec's expect says.
.text
main:
    li $v0, 4
    la $a0, msg
    syscall
    li $v0, 10
    syscall
.data
msg: .asciiz "goodbye\n"
