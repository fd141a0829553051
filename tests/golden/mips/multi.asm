# Assembled with lib/multi_lib.asm; --start-main starts at its global main,
# not at this file's first instruction.
        .globl shout
        .text
        li $a0, 99      # only runs without --start-main
        li $v0, 17
        syscall
shout:  li $v0, 4       # prints the string at $a0
        syscall
        jr $ra
