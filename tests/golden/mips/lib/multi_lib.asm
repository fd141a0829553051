# main for multi.asm: calls its global shout, then falls into a break so the
# error names this file.
        .globl main
        .data
msg:    .asciiz "from main\n"
        .text
main:   la $a0, msg
        jal shout
        break
