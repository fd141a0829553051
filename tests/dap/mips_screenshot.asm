        li $t0, 0x10010000
        li $t1, 0x00ff0000
        sw $t1, 0($t0)
