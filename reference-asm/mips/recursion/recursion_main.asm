# recursion_main.asm: calls each function of recursion.asm on a few inputs and prints
# the results, as a grader's main would. Run from the project root, this file first:
#     mipssim reference-asm/mips/recursion/recursion_main.asm reference-asm/mips/recursion/recursion.asm

        .data
        .align 2
# strictly increasing, as bsearch's precondition demands
sorted:         .word -50, -20, -3, 0, 4, 9, 15, 22, 38, 41, 77, 100
        .eqv SORTED_COUNT 12
# every element of sorted, then numbers between and beyond them
keys:           .word -50, -20, -3, 0, 4, 9, 15, 22, 38, 41, 77, 100, -60, -10, 5, 50, 101
        .eqv KEY_COUNT 17
# (lo, hi) ranges of sorted searched for every key; lo = hi + 1 is an empty range
ranges:         .word 0, 11, 0, 0, 11, 11, 3, 7, 5, 11, 0, 5, 4, 3, 0, -1
        .eqv RANGE_COUNT 8
# (lo, hi) pairs given to mid
mid_inputs:     .word 0, 0, 0, 1, 3, 8, 5, 6, 7, 7, 10, 21, 999, 1000, 0, 999999
        .eqv MID_COUNT 8
        .eqv FIB_LAST 20

fib_text:       .asciiz "fib("
mid_text:       .asciiz "mid("
bsearch_text:   .asciiz "bsearch(sorted, "
equals_text:    .asciiz ") = "
comma_space:    .asciiz ", "
keys_text:      .asciiz ", key) for the keys:"

        .text
# main: $s0 index into an input table, $s1 its entry's address, $s2 inner index.
#       main never returns, so it saves nothing.
main:
        # fib(0) .. fib(20)
        li $s0, 0
main_fib_next:
        li $t0, FIB_LAST
        bgt $s0, $t0, main_mid
        la $a0, fib_text
        jal print_string
        move $a0, $s0
        jal print_int
        la $a0, equals_text
        jal print_string
        move $a0, $s0
        jal fib
        move $a0, $v0
        jal print_int_line
        addi $s0, $s0, 1
        j main_fib_next

        # mid on each of its pairs
main_mid:
        li $s0, 0
main_mid_next:
        li $t0, MID_COUNT
        beq $s0, $t0, main_bsearch
        la $t0, mid_inputs
        sll $t1, $s0, 3
        addu $s1, $t0, $t1
        la $a0, mid_text
        jal print_string
        lw $a0, 0($s1)
        jal print_int
        la $a0, comma_space
        jal print_string
        lw $a0, 4($s1)
        jal print_int
        la $a0, equals_text
        jal print_string
        lw $a0, 0($s1)
        lw $a1, 4($s1)
        jal mid
        move $a0, $v0
        jal print_int_line
        addi $s0, $s0, 1
        j main_mid_next

        # bsearch on each range, one line of results per range, one result per key
main_bsearch:
        li $s0, 0
main_bsearch_range:
        li $t0, RANGE_COUNT
        beq $s0, $t0, main_exit
        la $t0, ranges
        sll $t1, $s0, 3
        addu $s1, $t0, $t1
        la $a0, bsearch_text
        jal print_string
        lw $a0, 0($s1)
        jal print_int
        la $a0, comma_space
        jal print_string
        lw $a0, 4($s1)
        jal print_int
        la $a0, keys_text
        jal print_string
        li $s2, 0
main_bsearch_key:
        li $t0, KEY_COUNT
        beq $s2, $t0, main_bsearch_range_done
        li $a0, ' '
        jal print_char
        la $t0, keys
        sll $t1, $s2, 2
        addu $t0, $t0, $t1
        la $a0, sorted
        lw $a1, 0($s1)
        lw $a2, 4($s1)
        lw $a3, 0($t0)
        jal bsearch
        move $a0, $v0
        jal print_int
        addi $s2, $s2, 1
        j main_bsearch_key
main_bsearch_range_done:
        li $a0, '\n'
        jal print_char
        addi $s0, $s0, 1
        j main_bsearch_range

main_exit:
        li $v0, 10
        syscall

# The printing helpers change only $v0 (and $a0 for print_int_line's newline).
print_string:
        li $v0, 4
        syscall
        jr $ra
print_char:
        li $v0, 11
        syscall
        jr $ra
print_int:
        li $v0, 1
        syscall
        jr $ra
print_int_line:
        li $v0, 1
        syscall
        li $v0, 11
        li $a0, '\n'
        syscall
        jr $ra
