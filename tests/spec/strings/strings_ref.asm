# The reference for tests/spec/strings/strings.spec: strlen, count_char,
# upcase (in place) and sum_array, written for the spec grader's tests.
.text
# int strlen(char *s)
strlen:
    move $v0, $zero
strlen_loop:
    lbu $t0, 0($a0)
    beqz $t0, strlen_done
    addiu $a0, $a0, 1
    addiu $v0, $v0, 1
    j strlen_loop
strlen_done:
    jr $ra

# int count_char(char *s, char c): how many times c is in s
count_char:
    move $v0, $zero
count_loop:
    lbu $t0, 0($a0)
    beqz $t0, count_done
    bne $t0, $a1, count_next
    addiu $v0, $v0, 1
count_next:
    addiu $a0, $a0, 1
    j count_loop
count_done:
    jr $ra

# void upcase(char *s): a-z to A-Z in place; returns strlen(s) through a call
upcase:
    addiu $sp, $sp, -8
    sw $ra, 0($sp)
    sw $s0, 4($sp)
    move $s0, $a0
upcase_loop:
    lbu $t0, 0($s0)
    beqz $t0, upcase_done
    blt $t0, 'a', upcase_next
    bgt $t0, 'z', upcase_next
    addiu $t0, $t0, -32
    sb $t0, 0($s0)
upcase_next:
    addiu $s0, $s0, 1
    j upcase_loop
upcase_done:
    jal strlen
    lw $ra, 0($sp)
    lw $s0, 4($sp)
    addiu $sp, $sp, 8
    jr $ra

# int sum_array(int *a, int n)
sum_array:
    move $v0, $zero
sum_loop:
    blez $a1, sum_done
    lw $t0, 0($a0)
    addu $v0, $v0, $t0
    addiu $a0, $a0, 4
    addiu $a1, $a1, -1
    j sum_loop
sum_done:
    jr $ra
