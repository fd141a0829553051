# 24.12: a file that does not assemble gave results.json no message at all.
init_game:
        addi $t0, $t0
        jr $ra
