# hello.asm: prints "hello" and exits; the reference of programs.spec.
.text
main:
    li $v0, 4
    la $a0, msg
    syscall
    li $v0, 10
    syscall
.data
msg: .asciiz "hello\n"
