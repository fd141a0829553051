# recursion.asm: recursion, the reference solution of its three functions
# (README.md beside this file is the handout).
#
# Register conventions: a function that calls another saves $ra and exactly the $s
# registers it writes; values needed across a call live in $s registers. The base cases
# return before any frame is made.

        .text
        .globl fib
        .globl mid
        .globl bsearch

# ---------------------------------------------------------------------------------------
# int fib(int n): the n-th Fibonacci number (fib(0) = 0, fib(1) = 1), computed as
# fib(n-1) + fib(n-2) by two recursive calls; 0 <= n <= 20.
#   $s0 n, $s1 fib(n-1)
fib:
        li $t0, 2
        blt $a0, $t0, fib_base_case
        addi $sp, $sp, -12
        sw $ra, 8($sp)
        sw $s1, 4($sp)
        sw $s0, 0($sp)
        move $s0, $a0

        addi $a0, $s0, -1
        jal fib
        move $s1, $v0
        addi $a0, $s0, -2
        jal fib
        add $v0, $s1, $v0

        lw $s0, 0($sp)
        lw $s1, 4($sp)
        lw $ra, 8($sp)
        addi $sp, $sp, 12
        jr $ra
fib_base_case:
        move $v0, $a0
        jr $ra

# ---------------------------------------------------------------------------------------
# int mid(int lo, int hi): (lo + hi) / 2 rounded down; 0 <= lo <= hi.
mid:
        addu $v0, $a0, $a1
        srl $v0, $v0, 1
        jr $ra

# ---------------------------------------------------------------------------------------
# int bsearch(int *a, int lo, int hi, int key): the index i, lo <= i <= hi, with
# a[i] == key, or -1 if there is none; a[lo..hi] is strictly increasing. The middle
# index comes from mid(lo, hi); the half that can hold key is searched recursively.
#   $s0 a, $s1 lo, $s2 hi, $s3 key; $t0 the middle index, $t1 a[middle]
bsearch:
        ble $a1, $a2, bsearch_not_empty
        li $v0, -1
        jr $ra
bsearch_not_empty:
        addi $sp, $sp, -20
        sw $ra, 16($sp)
        sw $s3, 12($sp)
        sw $s2, 8($sp)
        sw $s1, 4($sp)
        sw $s0, 0($sp)
        move $s0, $a0
        move $s1, $a1
        move $s2, $a2
        move $s3, $a3

        move $a0, $s1
        move $a1, $s2
        jal mid
        move $t0, $v0
        sll $t1, $t0, 2
        addu $t1, $s0, $t1
        lw $t1, 0($t1)
        beq $t1, $s3, bsearch_return          # found: $v0 still holds the middle index
        # key is in the upper half when a[middle] < key, else in the lower half
        move $a0, $s0
        move $a3, $s3
        blt $t1, $s3, bsearch_upper_half
        move $a1, $s1
        addi $a2, $t0, -1
        jal bsearch
        j bsearch_return
bsearch_upper_half:
        addi $a1, $t0, 1
        move $a2, $s2
        jal bsearch
bsearch_return:
        lw $s0, 0($sp)
        lw $s1, 4($sp)
        lw $s2, 8($sp)
        lw $s3, 12($sp)
        lw $ra, 16($sp)
        addi $sp, $sp, 20
        jr $ra
