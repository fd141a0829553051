        # 13.5: each syscall is one instruction, yet this one asks to move
        # 4 MiB: open the map, read, close, forever.
        move $t8, $a0
read_loop_again:
        move $a0, $t8
        li $a1, 0
        li $v0, 13
        syscall
        move $a0, $v0
        li $a1, 0x10040000
        li $a2, 0x400000
        li $v0, 14
        syscall
        li $v0, 16
        syscall
        j read_loop_again
