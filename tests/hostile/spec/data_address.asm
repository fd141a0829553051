# Observation 5: wrong; it prints whatever lies where the reference keeps
# its greeting (its own .data says otherwise). Noise over both .data made
# it print the reference's noise and score full.
.text
save:
        jr $ra

greet:
        lui $a0, 0x1001
        li $v0, 4
        syscall
        jr $ra

.data
wrong: .asciiz "Goodbye\n"
