# strlib.asm: string functions for main.asm.
        .text
        .globl strlen
# strlen(s): the number of bytes before the NUL of the string at $a0.
# Registers: $t0 = the current address, $t1 = its byte; $v0 = the count.
strlen: li $v0, 0
        move $t0, $a0
next_char:
        lb $t1, 0($t0)          # stop at the NUL
        beqz $t1, strlen_done
        addi $v0, $v0, 1        # count it and move on
        addi $t0, $t0, 1
        j next_char
strlen_done:
        jr $ra
