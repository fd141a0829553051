# Prints, then loads from an unaligned address: the message follows the
# program's output with no newline between.
.text
    li $v0, 1
    li $a0, 42
    syscall
    lw $t0, 1($zero)
