# Branches more than 2^15 words away: MARS keeps the whole offset, shows
# it, and branches there (the word holds only its low 16 bits).
main:   li $t0, 1
        beq $t0, $t0, far
        li $v0, 10
        syscall
back:   li $v0, 1
        li $a0, 7
        syscall
        bgt $t0, $zero, far2
        li $v0, 10
        syscall
        .text 0x00430000
far:    li $v0, 1
        li $a0, 42
        syscall
        b back
far2:   li $v0, 1
        li $a0, 9
        syscall
