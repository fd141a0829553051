# inside.asm: the reference of inside.spec. A student is 12 bytes: id (half,
# offset 0), scores (4 bytes inside the record, offset 2), the address of
# the name (offset 8). A car is cars.asm's (reference-asm/mips/cars).

        .text
        .globl best
        .globl curve
        .globl count_initial
        .globl find_name

# int best(student *s, int n): the highest score of the n students
#   $t0 students left, $t1 the student, $t2 scores left, $t3 a score
best:
        li $v0, 0
        move $t0, $a1
        move $t1, $a0
best_student:
        blez $t0, best_done
        li $t2, 4
        addi $t4, $t1, 2
best_score:
        lbu $t3, 0($t4)
        ble $t3, $v0, best_lower
        move $v0, $t3
best_lower:
        addi $t4, $t4, 1
        addi $t2, $t2, -1
        bgtz $t2, best_score
        addi $t1, $t1, 12
        addi $t0, $t0, -1
        j best_student
best_done:
        jr $ra

# void curve(student *s, int n, int add): every score of the n students
# raised by add
curve:
        move $t0, $a1
        move $t1, $a0
curve_student:
        blez $t0, curve_done
        li $t2, 4
        addi $t4, $t1, 2
curve_score:
        lbu $t3, 0($t4)
        addu $t3, $t3, $a2
        sb $t3, 0($t4)
        addi $t4, $t4, 1
        addi $t2, $t2, -1
        bgtz $t2, curve_score
        addi $t1, $t1, 12
        addi $t0, $t0, -1
        j curve_student
curve_done:
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
