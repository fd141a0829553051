# Calls a function of mips_lib.asm (.globl) and one it includes.
        .text
        .globl main
main:   la   $a0, greeting
        jal  print_it
        jal  helper
        li   $v0, 10
        syscall
        .data
greeting: .asciiz "hi\n"
