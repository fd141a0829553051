# Loops for ever; --limit stops it.
        .text
        li $a0, '.'
        li $v0, 11
        syscall
loop:   addi $t0, $t0, 1
        j loop
