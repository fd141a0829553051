# saved_regs.asm: a correct linkedlist solution written apart from the
# reference, in $s registers saved on the stack. build_list makes the list
# from its last value back, each new node put in front (sbrk per node);
# find_node counts its way to the node; delete_node finds the node before
# the one to unlink; reverse_list moves each node to the front of a new list.

        .text
        .globl build_list
        .globl find_node
        .globl delete_node
        .globl reverse_list

build_list:
        addiu $sp, $sp, -12
        sw $s0, 0($sp)
        sw $s1, 4($sp)
        sw $s2, 8($sp)
        sll $s0, $a1, 2
        addu $s0, $s0, $a0       # just past the last value
        move $s1, $a0            # the first value
        move $s2, $zero          # the list so far
build_front:
        beq $s0, $s1, build_end
        addiu $s0, $s0, -4
        li $a0, 8
        li $v0, 9
        syscall
        lw $t0, 0($s0)
        sw $t0, 0($v0)
        sw $s2, 4($v0)
        move $s2, $v0
        j build_front
build_end:
        move $v0, $s2
        lw $s0, 0($sp)
        lw $s1, 4($sp)
        lw $s2, 8($sp)
        addiu $sp, $sp, 12
        jr $ra

find_node:
        move $t1, $a0
find_step:
        beq $t1, $zero, find_end
        lw $t2, 0($t1)
        bne $t2, $a1, find_on
        move $v0, $t1
        jr $ra
find_on:
        lw $t1, 4($t1)
        b find_step
find_end:
        move $v0, $zero
        jr $ra

delete_node:
        addiu $sp, $sp, -4
        sw $s0, 0($sp)
        move $v0, $a0
        beqz $a0, del_end
        lw $t0, 0($a0)
        bne $t0, $a1, del_inner
        lw $v0, 4($a0)           # the head goes
        b del_end
del_inner:
        move $s0, $a0            # the node before the one looked at
del_step:
        lw $t1, 4($s0)
        beqz $t1, del_end
        lw $t0, 0($t1)
        beq $t0, $a1, del_cut
        move $s0, $t1
        b del_step
del_cut:
        lw $t2, 4($t1)
        sw $t2, 4($s0)
del_end:
        lw $s0, 0($sp)
        addiu $sp, $sp, 4
        jr $ra

reverse_list:
        addiu $sp, $sp, -8
        sw $s0, 0($sp)
        sw $s1, 4($sp)
        move $s0, $zero          # the new list
        move $s1, $a0            # what is left of the old one
rev_step:
        beqz $s1, rev_end
        lw $t0, 4($s1)
        sw $s0, 4($s1)
        move $s0, $s1
        move $s1, $t0
        b rev_step
rev_end:
        move $v0, $s0
        lw $s0, 0($sp)
        lw $s1, 4($sp)
        addiu $sp, $sp, 8
        jr $ra
