helper: move $t0, $zero
        jr   $ra
