# budget_main.asm: one call of one function of a recursion.asm on the largest input the
# handout allows, to measure it against the handout's budget (mips_assignment_variants.sh
# subtracts the same run with every function a bare jr $ra). The program argument
# names the call: 0 fib(20), 1 mid, 2 and 3 bsearch on 1,000 elements for a key above
# and below them all (see budgets).
#     mipssim --count tests/grader/spec/recursion/budget_main.asm SOLUTION.asm --args 0

        .data
        .align 2
numbers:        .space 4000
        .eqv LONGEST 1000

        .text
# main: $s0 the call's digit
main:
        lw $t0, 0($a1)
        lbu $s0, 0($t0)
        # 0, 2, 4, ..., 1998
        li $t0, 0
        la $t1, numbers
main_fill:
        beq $t0, LONGEST, main_filled
        sll $t2, $t0, 1
        sw $t2, 0($t1)
        addi $t0, $t0, 1
        addi $t1, $t1, 4
        j main_fill
main_filled:
        li $t0, '0'
        beq $s0, $t0, main_fib
        li $t0, '1'
        beq $s0, $t0, main_mid
        la $a0, numbers
        li $a1, 0
        li $a2, 999
        li $a3, 1999
        li $t0, '2'
        beq $s0, $t0, main_bsearch
        li $a3, -1
main_bsearch:
        jal bsearch
        j main_exit
main_fib:
        li $a0, 20
        jal fib
        j main_exit
main_mid:
        li $a0, 999999
        li $a1, 1000000
        jal mid
main_exit:
        li $v0, 10
        syscall
