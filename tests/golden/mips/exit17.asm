# Exits with syscall 17: the status is $a0 & 0xff (0x103 gives 3).
        .text
        li $a0, 'e'
        li $v0, 11
        syscall
        li $a0, 0x103
        li $v0, 17
        syscall
        li $v0, 10
        syscall
