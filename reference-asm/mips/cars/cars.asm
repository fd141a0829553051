# cars.asm: the reference solution of cars.spec (its comment is the handout).
# A car is 12 bytes: year (half, 0), features (byte, 2), name (address, 4),
# price (word, 8). No function calls another or writes an $s register, so
# none touches the stack; each works in $t registers and returns in $v0.

        .text
        .globl find_car
        .globl count_bit
        .globl cheapest
        .globl count_initial
        .globl find_name
        .globl car_index

# int find_car(car *cars, int n, int year)
#   $t0 index, $t1 address of car $t0, $t2 its year
find_car:
        li $t0, 0
        move $t1, $a0
find_car_next:
        bge $t0, $a1, find_car_none
        lhu $t2, 0($t1)
        beq $t2, $a2, find_car_found
        addi $t0, $t0, 1
        addi $t1, $t1, 12
        j find_car_next
find_car_found:
        move $v0, $t0
        jr $ra
find_car_none:
        li $v0, -1
        jr $ra

# int count_bit(car *cars, int n, int bit)
#   $t0 cars left, $t1 address of the car, $t2 its features, $v0 the count
count_bit:
        li $v0, 0
        move $t0, $a1
        move $t1, $a0
count_bit_next:
        blez $t0, count_bit_done
        lbu $t2, 2($t1)
        srlv $t2, $t2, $a2
        andi $t2, $t2, 1
        addu $v0, $v0, $t2
        addi $t0, $t0, -1
        addi $t1, $t1, 12
        j count_bit_next
count_bit_done:
        jr $ra

# car *cheapest(car *cars, int n)
#   $t0 cars left, $t1 address of the car, $t2 its price, $t3 the lowest price
cheapest:
        li $v0, 0
        blez $a1, cheapest_done
        move $v0, $a0
        lw $t3, 8($a0)
        addi $t0, $a1, -1
        addi $t1, $a0, 12
cheapest_next:
        blez $t0, cheapest_done
        lw $t2, 8($t1)
        bge $t2, $t3, cheapest_skip
        move $t3, $t2
        move $v0, $t1
cheapest_skip:
        addi $t0, $t0, -1
        addi $t1, $t1, 12
        j cheapest_next
cheapest_done:
        jr $ra

# int count_initial(car *cars, int n, char c)
#   $t0 cars left, $t1 address of the car, $t2 its name, $t3 the first character
count_initial:
        li $v0, 0
        move $t0, $a1
        move $t1, $a0
count_initial_next:
        blez $t0, count_initial_done
        lw $t2, 4($t1)
        lbu $t3, 0($t2)
        bne $t3, $a2, count_initial_skip
        addi $v0, $v0, 1
count_initial_skip:
        addi $t0, $t0, -1
        addi $t1, $t1, 12
        j count_initial_next
count_initial_done:
        jr $ra

# int find_name(char **names, int m, char *s)
#   $t0 index, $t1 address of its pointer, $t4 offset in both strings,
#   $t5 and $t6 their bytes, $t7 an address
find_name:
        li $t0, 0
        move $t1, $a0
find_name_next:
        bge $t0, $a1, find_name_none
        li $t4, 0
find_name_compare:
        lw $t7, 0($t1)
        addu $t7, $t7, $t4
        lbu $t5, 0($t7)
        addu $t7, $a2, $t4
        lbu $t6, 0($t7)
        bne $t5, $t6, find_name_differ
        beqz $t5, find_name_found
        addi $t4, $t4, 1
        j find_name_compare
find_name_differ:
        addi $t0, $t0, 1
        addi $t1, $t1, 4
        j find_name_next
find_name_found:
        move $v0, $t0
        jr $ra
find_name_none:
        li $v0, -1
        jr $ra

# int car_index(car *cars, car *c): (c - cars) / 12
car_index:
        subu $t0, $a1, $a0
        li $t1, 12
        divu $t0, $t1
        mflo $v0
        jr $ra
