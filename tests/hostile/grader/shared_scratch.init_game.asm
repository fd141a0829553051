# 13.6: each test must start with fresh files. The first test leaves a
# file "mark" behind; a later test that finds it spins.
        move $t8, $a0
        move $t9, $a1
        addi $sp, $sp, -8
        li $t0, 0x6b72616d        # "mark"
        sw $t0, 0($sp)
        sw $zero, 4($sp)
        move $a0, $sp
        li $a1, 0
        li $v0, 13
        syscall
        bgez $v0, shared_scratch_spin
        li $a0, 3                 # MARS keeps a failed open's slot (the lowest, 3)
        li $v0, 16
        syscall
        move $a0, $sp
        li $a1, 1
        li $v0, 13
        syscall
        move $a0, $v0
        li $v0, 16
        syscall
        addi $sp, $sp, 8
        move $a0, $t8
        move $a1, $t9
        j shared_scratch_done
shared_scratch_spin:
        j shared_scratch_spin
shared_scratch_done:
