# check_saved's mistake with that check off: no finding.
        .text
main:   li $s0, 5
        jal clobber
        li $v0, 10
        syscall

clobber: li $s0, 0
        jr $ra
