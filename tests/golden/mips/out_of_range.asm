# A store to address 0, which no segment maps.
        .text
        li $t0, 0
        nop
        sw $t1, 0($t0)
