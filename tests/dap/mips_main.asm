# The DAP sessions' MIPS program: output, input, a call into an .include'd
# file, a store to a data label.
        .data
count:  .word 3
msg:    .asciiz "hi\n"
        .text
        .globl main
main:   li   $v0, 4
        la   $a0, msg
        syscall                 # prints hi
        li   $v0, 5
        syscall                 # reads a number
        move $a0, $v0
        jal  double
        move $t0, $v0
        sw   $t0, count
        li   $v0, 1
        move $a0, $t0
        syscall
        li   $v0, 17
        li   $a0, 3
        syscall                 # exits with status 3
        .include "mips_lib.asm"
