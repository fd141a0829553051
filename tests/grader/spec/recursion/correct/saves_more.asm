# Correct variant (tests/grader/spec/recursion): written apart from the reference.
# - fib computes fib(n-2) before fib(n-1), in three $s registers (all written, all
#   saved), with the frame's slots in another order.
# - mid adds and shifts arithmetically (both are non-negative).
# - bsearch keeps the middle index in a fifth saved register, finds a[m] with mul, and
#   recurses with jal.

        .text
        .globl fib
        .globl mid
        .globl bsearch

# int fib(int n)   $s0 n, $s1 fib(n-2), $s2 fib(n-1)
fib:
        slti $t0, $a0, 2
        bnez $t0, fib_small
        addi $sp, $sp, -16
        sw $s0, 12($sp)
        sw $s1, 8($sp)
        sw $s2, 4($sp)
        sw $ra, 0($sp)
        move $s0, $a0
        addi $a0, $s0, -2
        jal fib
        move $s1, $v0
        addi $a0, $s0, -1
        jal fib
        move $s2, $v0
        add $v0, $s1, $s2
        lw $ra, 0($sp)
        lw $s2, 4($sp)
        lw $s1, 8($sp)
        lw $s0, 12($sp)
        addi $sp, $sp, 16
        jr $ra
fib_small:
        add $v0, $zero, $a0
        jr $ra

# int mid(int lo, int hi)
mid:
        add $t0, $a0, $a1
        sra $v0, $t0, 1
        jr $ra

# int bsearch(int *a, int lo, int hi, int key)
#   $s0 a, $s1 lo, $s2 hi, $s3 key, $s4 the middle index (-1 while there is none)
bsearch:
        addi $sp, $sp, -24
        sw $ra, 20($sp)
        sw $s0, 16($sp)
        sw $s1, 12($sp)
        sw $s2, 8($sp)
        sw $s3, 4($sp)
        sw $s4, 0($sp)
        move $s0, $a0
        move $s1, $a1
        move $s2, $a2
        move $s3, $a3
        li $s4, -1
        move $v0, $s4
        slt $t0, $s2, $s1
        bnez $t0, bsearch_leave
        move $a0, $s1
        move $a1, $s2
        jal mid
        move $s4, $v0
        li $t0, 4
        mul $t0, $s4, $t0
        add $t0, $s0, $t0
        lw $t1, 0($t0)
        move $v0, $s4
        beq $t1, $s3, bsearch_leave
        move $a0, $s0
        move $a3, $s3
        slt $t0, $s3, $t1
        bnez $t0, bsearch_left
        addi $a1, $s4, 1
        move $a2, $s2
        jal bsearch
        j bsearch_leave
bsearch_left:
        move $a1, $s1
        addi $a2, $s4, -1
        jal bsearch
bsearch_leave:
        lw $s4, 0($sp)
        lw $s3, 4($sp)
        lw $s2, 8($sp)
        lw $s1, 12($sp)
        lw $s0, 16($sp)
        lw $ra, 20($sp)
        addi $sp, $sp, 24
        jr $ra
