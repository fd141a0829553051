# Correct variant (tests/grader/spec/recursion): written apart from the reference.
# - fib always makes a frame, addressed through $fp, and keeps n and fib(n-1) in its
#   stack slots instead of $s registers; it treats n = 0 and n = 1 as two base cases.
# - mid computes lo + (hi - lo) / 2.
# - bsearch keeps its arguments in its frame across the call of mid, and recurses by a
#   tail call: it removes its frame, restores $ra and jumps to bsearch, whose result
#   goes straight back to the caller (the handout allows it).

        .text
        .globl fib
        .globl mid
        .globl bsearch

# int fib(int n)   frame: 12($fp) $ra, 8($fp) the caller's $fp, 4($fp) n, 0($fp) fib(n-1)
fib:
        addiu $sp, $sp, -16
        sw $ra, 12($sp)
        sw $fp, 8($sp)
        move $fp, $sp
        sw $a0, 4($fp)
        beqz $a0, fib_zero
        li $t0, 1
        beq $a0, $t0, fib_one
        addiu $a0, $a0, -1
        jal fib
        sw $v0, 0($fp)
        lw $a0, 4($fp)
        addiu $a0, $a0, -2
        jal fib
        lw $t0, 0($fp)
        addu $v0, $v0, $t0
        b fib_leave
fib_zero:
        li $v0, 0
        b fib_leave
fib_one:
        li $v0, 1
fib_leave:
        move $sp, $fp
        lw $fp, 8($sp)
        lw $ra, 12($sp)
        addiu $sp, $sp, 16
        jr $ra

# int mid(int lo, int hi)
mid:
        subu $v0, $a1, $a0
        srl $v0, $v0, 1
        addu $v0, $v0, $a0
        jr $ra

# int bsearch(int *a, int lo, int hi, int key)
#   frame: 16($sp) $ra, 12($sp) key, 8($sp) hi, 4($sp) lo, 0($sp) a
bsearch:
        bgt $a1, $a2, bsearch_absent
        addiu $sp, $sp, -20
        sw $ra, 16($sp)
        sw $a3, 12($sp)
        sw $a2, 8($sp)
        sw $a1, 4($sp)
        sw $a0, 0($sp)
        move $a0, $a1
        move $a1, $a2
        jal mid
        lw $a0, 0($sp)
        lw $a1, 4($sp)
        lw $a2, 8($sp)
        lw $a3, 12($sp)
        lw $ra, 16($sp)
        addiu $sp, $sp, 20
        sll $t0, $v0, 2
        addu $t0, $a0, $t0
        lw $t0, 0($t0)
        beq $t0, $a3, bsearch_found
        slt $t1, $t0, $a3
        beqz $t1, bsearch_lower
        addiu $a1, $v0, 1
        j bsearch
bsearch_lower:
        addiu $a2, $v0, -1
        j bsearch
bsearch_found:
        jr $ra
bsearch_absent:
        li $v0, -1
        jr $ra
