# 13.6: init_game may open, read and close; this one writes a file and
# then spins, so the write was flagged only if the function returned.
        li $a1, 1
        li $v0, 13
        syscall
        move $a0, $v0
        addi $a1, $sp, -4096
        li $a2, 4096
        li $v0, 15
        syscall
writes_file_spin:
        j writes_file_spin
