# A function pops more than it pushed: $sp ends above where the run began.
        .text
main:   jal work
        li $v0, 10
        syscall

work:   addi $sp, $sp, -4
        sw $ra, 0($sp)
        lw $ra, 0($sp)
        addi $sp, $sp, 8        # pops 8 bytes, pushed 4
        jr $ra
