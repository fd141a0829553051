# cars, a correct solution written apart from the reference: loops run from
# the last car to the first (the last match seen is the first one), bits are
# tested with a mask, and find_name calls a strcmp of its own, keeping its
# state in $s registers it saves on the stack.

        .text
        .globl find_car
        .globl count_bit
        .globl cheapest
        .globl count_initial
        .globl find_name
        .globl car_index

find_car:
        li $v0, -1
        addi $t0, $a1, -1            # index of the car looked at
fc_loop:
        bltz $t0, fc_end
        sll $t1, $t0, 3
        sll $t2, $t0, 2
        addu $t1, $t1, $t2           # 12 x index
        addu $t1, $t1, $a0
        lh $t2, 0($t1)               # years fit in 15 bits: lh reads them too
        bne $t2, $a2, fc_skip
        move $v0, $t0
fc_skip:
        addi $t0, $t0, -1
        j fc_loop
fc_end:
        jr $ra

count_bit:
        li $t3, 1
        sllv $t3, $t3, $a2           # the mask of the bit
        li $v0, 0
        addi $t0, $a1, -1
cb_loop:
        bltz $t0, cb_end
        li $t1, 12
        mul $t1, $t1, $t0
        addu $t1, $t1, $a0
        lbu $t2, 2($t1)
        and $t2, $t2, $t3
        beqz $t2, cb_skip
        addi $v0, $v0, 1
cb_skip:
        addi $t0, $t0, -1
        j cb_loop
cb_end:
        jr $ra

cheapest:
        move $v0, $zero
        addi $t0, $a1, -1
ch_loop:
        bltz $t0, ch_end
        li $t1, 12
        mul $t1, $t1, $t0
        addu $t1, $t1, $a0
        lw $t2, 8($t1)
        beqz $v0, ch_take
        lw $t3, 8($v0)
        bgt $t2, $t3, ch_skip        # equal: the earlier one wins
ch_take:
        move $v0, $t1
ch_skip:
        addi $t0, $t0, -1
        j ch_loop
ch_end:
        jr $ra

count_initial:
        move $v0, $zero
        move $t0, $a0
        li $t4, 12
        mul $t4, $t4, $a1
        addu $t4, $t4, $a0           # one past the last car
ci_loop:
        bgeu $t0, $t4, ci_end
        lw $t1, 4($t0)
        lb $t1, 0($t1)
        sub $t1, $t1, $a2
        bnez $t1, ci_skip
        addi $v0, $v0, 1
ci_skip:
        addi $t0, $t0, 12
        j ci_loop
ci_end:
        jr $ra

# strcmp0(a, b): 0 when the strings are equal, else not 0
strcmp0:
        lbu $t0, 0($a0)
        lbu $t1, 0($a1)
        sub $v0, $t0, $t1
        bnez $v0, sc_end
        beqz $t0, sc_end
        addi $a0, $a0, 1
        addi $a1, $a1, 1
        j strcmp0
sc_end:
        jr $ra

find_name:
        addi $sp, $sp, -20
        sw $ra, 0($sp)
        sw $s0, 4($sp)
        sw $s1, 8($sp)
        sw $s2, 12($sp)
        sw $s3, 16($sp)
        move $s0, $a0
        move $s1, $a1
        move $s2, $a2
        li $s3, 0
fn_loop:
        bge $s3, $s1, fn_none
        sll $t0, $s3, 2
        addu $t0, $t0, $s0
        lw $a0, 0($t0)
        move $a1, $s2
        jal strcmp0
        beqz $v0, fn_found
        addi $s3, $s3, 1
        j fn_loop
fn_none:
        li $s3, -1
fn_found:
        move $v0, $s3
        lw $ra, 0($sp)
        lw $s0, 4($sp)
        lw $s1, 8($sp)
        lw $s2, 12($sp)
        lw $s3, 16($sp)
        addi $sp, $sp, 20
        jr $ra

# car_index: counts the cars from c back to the first
car_index:
        li $v0, 0
ix_loop:
        beq $a1, $a0, ix_end
        addi $a1, $a1, -12
        addi $v0, $v0, 1
        j ix_loop
ix_end:
        jr $ra
