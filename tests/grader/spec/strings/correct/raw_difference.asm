# Correct variant (tests/grader/spec/strings): written apart from the reference.
# - strlen counts with an index instead of walking a pointer.
# - strcmp returns the raw difference of the first differing bytes (-255..255), not
#   -1/0/1: the handout asks only for the sign.
# - reverse calls strlen, then swaps by index; it saves $ra and the $s registers it uses.
# - array_max scans from the last element down, taking ties, so it ends on the first
#   occurrence.

        .text
        .globl strlen
        .globl strcmp
        .globl reverse
        .globl array_max

# int strlen(char *str)   $v0 index, $t0 address of str[index], $t1 str[index]
strlen:
        li $v0, 0
strlen_loop:
        addu $t0, $a0, $v0
        lbu $t1, 0($t0)
        beqz $t1, strlen_end
        addiu $v0, $v0, 1
        b strlen_loop
strlen_end:
        jr $ra

# int strcmp(char *s1, char *s2)   $t0 *s1, $t1 *s2
strcmp:
        lbu $t0, 0($a0)
        lbu $t1, 0($a1)
        subu $v0, $t0, $t1
        bnez $v0, strcmp_end
        beqz $t0, strcmp_end
        addiu $a0, $a0, 1
        addiu $a1, $a1, 1
        b strcmp
strcmp_end:
        jr $ra

# void reverse(char *str)   $s0 str, $s1 index from the left, $s2 index from the right
reverse:
        addiu $sp, $sp, -16
        sw $s2, 12($sp)
        sw $s1, 8($sp)
        sw $s0, 4($sp)
        sw $ra, 0($sp)
        move $s0, $a0
        jal strlen
        li $s1, 0
        addiu $s2, $v0, -1
reverse_loop:
        slt $t0, $s1, $s2
        beqz $t0, reverse_end
        addu $t1, $s0, $s1
        addu $t2, $s0, $s2
        lbu $t3, 0($t1)
        lbu $t4, 0($t2)
        sb $t4, 0($t1)
        sb $t3, 0($t2)
        addiu $s1, $s1, 1
        addiu $s2, $s2, -1
        b reverse_loop
reverse_end:
        lw $ra, 0($sp)
        lw $s0, 4($sp)
        lw $s1, 8($sp)
        lw $s2, 12($sp)
        addiu $sp, $sp, 16
        jr $ra

# (int, int) array_max(int *a, int n)   $t0 index, $t1 a[index]
array_max:
        addiu $t0, $a1, -1
        sll $t1, $t0, 2
        addu $t1, $a0, $t1
        lw $v0, 0($t1)
        move $v1, $t0
array_max_loop:
        addiu $t0, $t0, -1
        bltz $t0, array_max_end
        sll $t1, $t0, 2
        addu $t1, $a0, $t1
        lw $t1, 0($t1)
        blt $t1, $v0, array_max_loop
        move $v0, $t1
        move $v1, $t0
        b array_max_loop
array_max_end:
        jr $ra
