# strings_main.asm: calls each function of strings.asm on a few inputs and prints the
# results, as a grader's main would. Run from the project root, this file first:
#     mipssim reference-asm/mips/strings/strings_main.asm reference-asm/mips/strings/strings.asm
# The printed results are the handout's, not one solution's: strcmp's result is shown by
# its sign only, and reverse's $v0 is not shown, so every correct solution prints the same.

        .data
s_empty:        .asciiz ""
s_a:            .asciiz "a"
s_ab:           .asciiz "ab"
s_abc:          .asciiz "abc"
s_abd:          .asciiz "abd"
s_b:            .asciiz "b"
s_upper_b:      .asciiz "B"
s_hello:        .asciiz "hello, world"
s_cafe:         .asciiz "cafe"
s_cafe_accent:  .byte 0x63, 0x61, 0x66, -23, 0        # "caf" and 0xe9 (-23): a byte above 127
s_abc_again:    .asciiz "abc"                         # equal to s_abc, at another address

        .align 2
strlen_inputs:  .word s_empty, s_a, s_abc, s_hello, s_cafe_accent
        .eqv STRLEN_COUNT 5
strcmp_inputs:  .word s_empty, s_a, s_ab, s_abc, s_abd, s_b, s_upper_b, s_cafe, s_cafe_accent, s_abc_again
        .eqv STRCMP_COUNT 10

# Each string to reverse is followed by "###": reverse must leave those bytes alone.
rev_0:          .asciiz ""
                .ascii "###"
rev_1:          .asciiz "x"
                .ascii "###"
rev_2:          .asciiz "ab"
                .ascii "###"
rev_3:          .asciiz "abc"
                .ascii "###"
rev_4:          .asciiz "hello, world"
                .ascii "###"
rev_5:          .asciiz "racecar!"
                .ascii "###"
        .align 2
# (string, its length): the guard starts one byte after the terminating 0
reverse_inputs: .word rev_0, 0, rev_1, 1, rev_2, 2, rev_3, 3, rev_4, 12, rev_5, 8
        .eqv REVERSE_COUNT 6

numbers:        .word 3, -7, 12, 12, -20, 5, 12, 40, 40, -1
        .eqv NUMBERS_COUNT 10
negatives:      .word -5, -3, -3, -9
extremes:       .word 0x80000000, 0x80000000, 0x7fffffff

strlen_text:    .asciiz "strlen(\""
strcmp_text:    .asciiz "strcmp signs (- before, 0 equal, + after), s2 in this order:"
space_quote:    .asciiz " \""
quote:          .asciiz "\""
reverse_text:   .asciiz "reverse(\""
array_max_text: .asciiz "array_max("
numbers_name:   .asciiz "numbers"
negatives_name: .asciiz "negatives"
extremes_name:  .asciiz "extremes"
quote_equals:   .asciiz "\") = "
quote_gives:    .asciiz "\") -> \""
quote_guard:    .asciiz "\", then "
max_equals:     .asciiz ") = "
at_index:       .asciiz " at "
comma_space:    .asciiz ", "
row_prefix:     .asciiz "strcmp(\""
row_middle:     .asciiz "\", each s2): "

        .text
# main: $s0 index into an input table, $s1 its entry's address, $s2 inner index,
#       $s3 the saved copy of a string's address. main never returns, so it saves nothing.
main:
        # strlen on each of its inputs
        li $s0, 0
main_strlen_next:
        li $t0, STRLEN_COUNT
        beq $s0, $t0, main_strcmp
        la $t0, strlen_inputs
        sll $t1, $s0, 2
        addu $t0, $t0, $t1
        lw $s3, 0($t0)
        la $a0, strlen_text
        jal print_string
        move $a0, $s3
        jal print_string
        la $a0, quote_equals
        jal print_string
        move $a0, $s3
        jal strlen
        move $a0, $v0
        jal print_int_line
        addi $s0, $s0, 1
        j main_strlen_next

        # strcmp on every ordered pair of its inputs: the list, then one row of signs per s1
main_strcmp:
        la $a0, strcmp_text
        jal print_string
        li $s0, 0
main_strcmp_list_next:
        li $t0, STRCMP_COUNT
        beq $s0, $t0, main_strcmp_list_done
        la $a0, space_quote
        jal print_string
        la $t0, strcmp_inputs
        sll $t1, $s0, 2
        addu $t1, $t0, $t1
        lw $a0, 0($t1)
        jal print_string
        la $a0, quote
        jal print_string
        addi $s0, $s0, 1
        j main_strcmp_list_next
main_strcmp_list_done:
        li $a0, '\n'
        jal print_char
        li $s0, 0
main_strcmp_row:
        li $t0, STRCMP_COUNT
        beq $s0, $t0, main_reverse
        la $a0, row_prefix
        jal print_string
        la $t0, strcmp_inputs
        sll $t1, $s0, 2
        addu $t1, $t0, $t1
        lw $a0, 0($t1)
        jal print_string
        la $a0, row_middle
        jal print_string
        li $s2, 0
main_strcmp_column:
        li $t0, STRCMP_COUNT
        beq $s2, $t0, main_strcmp_row_done
        la $t0, strcmp_inputs
        sll $t1, $s0, 2
        addu $t1, $t0, $t1
        lw $a0, 0($t1)
        sll $t1, $s2, 2
        addu $t1, $t0, $t1
        lw $a1, 0($t1)
        jal strcmp
        li $a0, '0'
        beqz $v0, main_strcmp_print_sign
        li $a0, '-'
        bltz $v0, main_strcmp_print_sign
        li $a0, '+'
main_strcmp_print_sign:
        jal print_char
        addi $s2, $s2, 1
        j main_strcmp_column
main_strcmp_row_done:
        li $a0, '\n'
        jal print_char
        addi $s0, $s0, 1
        j main_strcmp_row

        # reverse each of its inputs, then show the string and the three guard bytes
main_reverse:
        li $s0, 0
main_reverse_next:
        li $t0, REVERSE_COUNT
        beq $s0, $t0, main_array_max
        la $t0, reverse_inputs
        sll $t1, $s0, 3
        addu $s1, $t0, $t1
        la $a0, reverse_text
        jal print_string
        lw $a0, 0($s1)
        jal print_string
        la $a0, quote_gives
        jal print_string
        lw $a0, 0($s1)
        jal reverse
        lw $a0, 0($s1)
        jal print_string
        la $a0, quote_guard
        jal print_string
        lw $t0, 0($s1)
        lw $t1, 4($s1)
        addu $s3, $t0, $t1
        lbu $a0, 1($s3)
        jal print_char
        lbu $a0, 2($s3)
        jal print_char
        lbu $a0, 3($s3)
        jal print_char
        li $a0, '\n'
        jal print_char
        addi $s0, $s0, 1
        j main_reverse_next

        # array_max on every prefix of numbers, then on the other two arrays
main_array_max:
        li $s0, 1
main_array_max_next:
        li $t0, NUMBERS_COUNT
        bgt $s0, $t0, main_array_max_others
        la $a0, numbers_name
        la $a1, numbers
        move $a2, $s0
        jal show_array_max
        addi $s0, $s0, 1
        j main_array_max_next
main_array_max_others:
        la $a0, negatives_name
        la $a1, negatives
        li $a2, 4
        jal show_array_max
        la $a0, extremes_name
        la $a1, extremes
        li $a2, 2
        jal show_array_max
        la $a0, extremes_name
        la $a1, extremes
        li $a2, 3
        jal show_array_max

        li $v0, 10
        syscall

# void show_array_max(char *name, int *a, int n): prints "array_max(NAME, N) = MAX at I".
#   $s0 a, $s1 n, $s2 name, then the index returned
show_array_max:
        addi $sp, $sp, -16
        sw $ra, 12($sp)
        sw $s2, 8($sp)
        sw $s1, 4($sp)
        sw $s0, 0($sp)
        move $s0, $a1
        move $s1, $a2
        move $s2, $a0
        la $a0, array_max_text
        jal print_string
        move $a0, $s2
        jal print_string
        la $a0, comma_space
        jal print_string
        move $a0, $s1
        jal print_int
        la $a0, max_equals
        jal print_string
        move $a0, $s0
        move $a1, $s1
        jal array_max
        move $s2, $v1
        move $a0, $v0
        jal print_int
        la $a0, at_index
        jal print_string
        move $a0, $s2
        jal print_int_line
        lw $s0, 0($sp)
        lw $s1, 4($sp)
        lw $s2, 8($sp)
        lw $ra, 12($sp)
        addi $sp, $sp, 16
        jr $ra

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
