# random_main.asm: calls each function of a recursion.asm on random inputs the handout
# allows (seeded: the same inputs every run) and prints one line per call, so that two
# solutions can be compared on far more inputs than the assignment's own main shows.
# Before each call the $t registers and $v1 hold random words. Run from the project root:
#     mipssim tests/grader/spec/recursion/random_main.asm SOLUTION.asm
# Each line starts with the function it shows.

        .data
        .align 2
numbers:        .space 4000               # up to 1,000 elements

        .eqv FIB_LAST 20
        .eqv MID_CASES 200
        .eqv BSEARCH_CASES 300

        .text
# main: $s0 case number, $s1 array length, $s2 lo, $s3 hi, $s4 key, $s5 a result.
main:
        li $v0, 40
        li $a0, 1
        li $a1, 2026
        syscall

        # fib: every n the handout allows
        li $s0, 0
main_fib:
        li $t0, FIB_LAST
        bgt $s0, $t0, main_mid
        jal scramble
        move $a0, $s0
        jal fib
        move $s5, $v0
        la $a0, fib_name
        jal print_string
        move $a0, $s5
        jal print_int_line
        addi $s0, $s0, 1
        j main_fib

        # mid: 0 <= lo <= hi <= 1,000,000
main_mid:
        li $s0, 0
main_mid_next:
        li $t0, MID_CASES
        beq $s0, $t0, main_bsearch
        li $a0, 1000001
        jal random_below
        move $s3, $v0
        addi $a0, $s3, 1
        jal random_below
        move $s2, $v0
        jal scramble
        move $a0, $s2
        move $a1, $s3
        jal mid
        move $s5, $v0
        la $a0, mid_name
        jal print_string
        move $a0, $s5
        jal print_int_line
        addi $s0, $s0, 1
        j main_mid_next

        # bsearch: a strictly increasing array of 1-40 elements (one case in twenty
        # 1,000), 0 <= lo <= hi + 1, hi < length; the key an element (of the range or
        # not) or any number around them; the elements outside a[lo..hi] then random
main_bsearch:
        li $s0, 0
main_bsearch_next:
        li $t0, BSEARCH_CASES
        beq $s0, $t0, main_exit
        li $s1, 1000
        li $t0, 20
        div $s0, $t0
        mfhi $t0
        li $t1, 19
        beq $t0, $t1, main_bsearch_fill
        li $a0, 40
        jal random_below
        addi $s1, $v0, 1
main_bsearch_fill:
        li $a0, 100
        jal random_below
        addi $t2, $v0, -200
        la $t0, numbers
        sw $t2, 0($t0)
        li $s2, 1
main_bsearch_element:
        beq $s2, $s1, main_bsearch_range
        li $a0, 5
        jal random_below
        la $t0, numbers
        sll $t1, $s2, 2
        addu $t0, $t0, $t1
        lw $t2, -4($t0)
        addu $t2, $t2, $v0
        addi $t2, $t2, 1
        sw $t2, 0($t0)
        addi $s2, $s2, 1
        j main_bsearch_element
main_bsearch_range:
        move $a0, $s1
        jal random_below
        move $s3, $v0
        addi $a0, $s3, 2
        jal random_below
        move $s2, $v0
        # a key of the range half the time, any element or a number a quarter each
        li $a0, 4
        jal random_below
        beqz $v0, main_bsearch_key_anywhere
        li $t0, 3
        bne $v0, $t0, main_bsearch_key_in_range
        # a number from a[0] - 5 to a[length-1] + 5
        la $t0, numbers
        lw $s4, 0($t0)
        sll $t1, $s1, 2
        addu $t1, $t0, $t1
        lw $t1, -4($t1)
        subu $a0, $t1, $s4
        addi $a0, $a0, 11
        jal random_below
        addu $s4, $s4, $v0
        addi $s4, $s4, -5
        j main_bsearch_scatter
main_bsearch_key_in_range:
        bgt $s2, $s3, main_bsearch_key_anywhere
        subu $a0, $s3, $s2
        addi $a0, $a0, 1
        jal random_below
        addu $v0, $v0, $s2
        j main_bsearch_key_at
main_bsearch_key_anywhere:
        move $a0, $s1
        jal random_below
main_bsearch_key_at:
        la $t0, numbers
        sll $t1, $v0, 2
        addu $t0, $t0, $t1
        lw $s4, 0($t0)
        # the elements outside a[lo..hi] may hold anything
main_bsearch_scatter:
        li $s5, 0
main_bsearch_scatter_next:
        beq $s5, $s1, main_bsearch_call
        blt $s5, $s2, main_bsearch_scatter_one
        ble $s5, $s3, main_bsearch_scatter_step
main_bsearch_scatter_one:
        jal random_word
        la $t0, numbers
        sll $t1, $s5, 2
        addu $t0, $t0, $t1
        sw $v0, 0($t0)
main_bsearch_scatter_step:
        addi $s5, $s5, 1
        j main_bsearch_scatter_next
main_bsearch_call:
        jal scramble
        la $a0, numbers
        move $a1, $s2
        move $a2, $s3
        move $a3, $s4
        jal bsearch
        move $s5, $v0
        la $a0, bsearch_name
        jal print_string
        move $a0, $s5
        jal print_int_line
        addi $s0, $s0, 1
        j main_bsearch_next

main_exit:
        li $v0, 10
        syscall

# int random_below(int n): 0..n-1 from random stream 1.
random_below:
        move $a1, $a0
        li $a0, 1
        li $v0, 42
        syscall
        move $v0, $a0
        jr $ra

# int random_word(): any int from random stream 1.
random_word:
        li $a0, 1
        li $v0, 41
        syscall
        move $v0, $a0
        jr $ra

# void scramble(): random words in $t0-$t9 and $v1, so that no solution can rely on
# what they held.
scramble:
        li $v0, 41
        li $a0, 1
        syscall
        move $t0, $a0
        syscall
        move $t1, $a0
        syscall
        move $t2, $a0
        syscall
        move $t3, $a0
        syscall
        move $t4, $a0
        syscall
        move $t5, $a0
        syscall
        move $t6, $a0
        syscall
        move $t7, $a0
        syscall
        move $t8, $a0
        syscall
        move $t9, $a0
        syscall
        move $v1, $a0
        li $a0, 1
        syscall
        move $v0, $a0
        jr $ra

print_string:
        li $v0, 4
        syscall
        jr $ra
print_int_line:
        li $v0, 1
        syscall
        li $v0, 11
        li $a0, '\n'
        syscall
        jr $ra

        .data
fib_name:       .asciiz "fib "
mid_name:       .asciiz "mid "
bsearch_name:   .asciiz "bsearch "
