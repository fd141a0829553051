# cars, a second correct solution: every loop walks a pointer to the end
# address of the array (cars + 12 n), find_car keeps no index but works it
# out from the address (a division by 12), and find_name keeps its index
# in $v0 from the start.

        .text
        .globl find_car
        .globl count_bit
        .globl cheapest
        .globl count_initial
        .globl find_name
        .globl car_index

# the address one past the n cars at $a0, into $t9
find_car:
        sll $t9, $a1, 2
        sll $t8, $a1, 3
        addu $t9, $t9, $t8
        addu $t9, $t9, $a0
        move $t0, $a0
find_car_loop:
        beq $t0, $t9, find_car_miss
        lhu $t1, ($t0)
        beq $t1, $a2, find_car_hit
        addiu $t0, $t0, 12
        b find_car_loop
find_car_hit:
        subu $t0, $t0, $a0
        li $t1, 12
        divu $t0, $t1
        mflo $v0
        jr $ra
find_car_miss:
        addiu $v0, $zero, -1
        jr $ra

count_bit:
        sll $t9, $a1, 2
        sll $t8, $a1, 3
        addu $t9, $t9, $t8
        addu $t9, $t9, $a0
        move $v0, $zero
count_bit_loop:
        beq $a0, $t9, count_bit_out
        lbu $t1, 2($a0)
        srlv $t1, $t1, $a2
        andi $t1, $t1, 1
        add $v0, $v0, $t1
        addiu $a0, $a0, 12
        b count_bit_loop
count_bit_out:
        jr $ra

cheapest:
        sll $t9, $a1, 2
        sll $t8, $a1, 3
        addu $t9, $t9, $t8
        addu $t9, $t9, $a0
        move $v0, $zero
        li $t3, 0x7fffffff           # prices are positive: below any
cheapest_loop:
        beq $a0, $t9, cheapest_out
        lw $t1, 8($a0)
        slt $t2, $t1, $t3
        beqz $t2, cheapest_on
        move $t3, $t1
        move $v0, $a0
cheapest_on:
        addiu $a0, $a0, 12
        b cheapest_loop
cheapest_out:
        jr $ra

count_initial:
        sll $t9, $a1, 2
        sll $t8, $a1, 3
        addu $t9, $t9, $t8
        addu $t9, $t9, $a0
        move $v0, $zero
        andi $a2, $a2, 0xff
count_initial_loop:
        beq $a0, $t9, count_initial_out
        lw $t1, 4($a0)
        lbu $t1, ($t1)
        xor $t1, $t1, $a2
        sltiu $t1, $t1, 1
        addu $v0, $v0, $t1
        addiu $a0, $a0, 12
        b count_initial_loop
count_initial_out:
        jr $ra

find_name:
        move $v0, $zero
find_name_loop:
        beq $v0, $a1, find_name_miss
        sll $t0, $v0, 2
        addu $t0, $t0, $a0
        lw $t0, ($t0)
        move $t1, $a2
find_name_byte:
        lbu $t2, ($t0)
        lbu $t3, ($t1)
        bne $t2, $t3, find_name_other
        beqz $t2, find_name_hit
        addiu $t0, $t0, 1
        addiu $t1, $t1, 1
        b find_name_byte
find_name_other:
        addiu $v0, $v0, 1
        b find_name_loop
find_name_miss:
        li $v0, -1
find_name_hit:
        jr $ra

# car_index: the offset times 1/12 as (offset / 4) / 3, by div
car_index:
        subu $t0, $a1, $a0
        srl $t0, $t0, 2
        li $t1, 3
        div $t0, $t1
        mflo $v0
        jr $ra
