# budget_main.asm: one call of one function of a strings.asm on the largest input the
# handout allows, to measure it against the handout's budget (mips_assignment_variants.sh
# subtracts the same run with every function a bare jr $ra). The program argument
# names the call: 0 strlen, 1 strcmp, 2 reverse, 3 array_max (see budgets).
#     mipssim --count tests/grader/spec/strings/budget_main.asm SOLUTION.asm --args 2

        .data
        .align 2
numbers:        .space 4000
text1:          .space 1004
text2:          .space 1004
        .eqv LONGEST 1000

        .text
# main: $s0 the call's digit
main:
        lw $t0, 0($a1)
        lbu $s0, 0($t0)
        # two equal strings of 1,000 characters, and 0, 1, ..., 999: every element
        # is a new maximum
        li $t0, 0
        la $t1, text1
        la $t2, text2
        la $t3, numbers
        li $t4, 'a'
main_fill:
        beq $t0, LONGEST, main_filled
        sb $t4, 0($t1)
        sb $t4, 0($t2)
        sw $t0, 0($t3)
        addi $t0, $t0, 1
        addi $t1, $t1, 1
        addi $t2, $t2, 1
        addi $t3, $t3, 4
        j main_fill
main_filled:
        sb $zero, 0($t1)
        sb $zero, 0($t2)
        la $a0, text1
        la $a1, text2
        li $t0, '0'
        beq $s0, $t0, main_strlen
        li $t0, '1'
        beq $s0, $t0, main_strcmp
        li $t0, '2'
        beq $s0, $t0, main_reverse
        la $a0, numbers
        li $a1, LONGEST
        jal array_max
        j main_exit
main_strlen:
        jal strlen
        j main_exit
main_strcmp:
        jal strcmp
        j main_exit
main_reverse:
        jal reverse
main_exit:
        li $v0, 10
        syscall
