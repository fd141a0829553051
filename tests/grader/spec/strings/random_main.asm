# random_main.asm: calls each function of a strings.asm on random inputs the handout
# allows (seeded: the same inputs every run) and prints one line per call, so that two
# solutions can be compared on far more inputs than the assignment's own main shows.
# Before each call the $t registers and $v1 hold random words. Run from the project root:
#     mipssim tests/grader/spec/strings/random_main.asm SOLUTION.asm
# Each line starts with the function it shows; strcmp shows its result's sign, reverse
# a hash of the string and the four bytes after its terminating 0.

        .data
        .align 2
numbers:        .space 4004               # up to 1,000 elements, and one past the end
text1:          .space 1008               # up to 1,000 characters, the 0, 4 guard bytes
text2:          .space 1008
alphabet:       .byte 'a', 'b', -23       # -23 is 0xe9, a character above 127

        .eqv STRLEN_CASES 200
        .eqv STRCMP_CASES 300
        .eqv REVERSE_CASES 200
        .eqv ARRAY_MAX_CASES 200

        .text
# main: $s0 case number, $s1 a length, $s2 and $s3 the arguments of the call.
main:
        li $v0, 40
        li $a0, 1
        li $a1, 2026
        syscall

        # strlen: one string in ten up to 1,000 characters, half of them any bytes
        li $s0, 0
main_strlen:
        li $t0, STRLEN_CASES
        beq $s0, $t0, main_strcmp
        jal case_max_length
        la $a0, text1
        move $a1, $v0
        andi $a2, $s0, 1
        jal make_string
        jal scramble
        la $a0, text1
        jal strlen
        move $s1, $v0
        jal show_name_strlen
        move $a0, $s1
        jal print_int_line
        addi $s0, $s0, 1
        j main_strlen

        # strcmp: short strings over three characters, so equal strings and prefixes are
        # common; s2 a copy, a copy one character longer, another string or s1 itself
main_strcmp:
        li $s0, 0
main_strcmp_next:
        li $t0, STRCMP_CASES
        beq $s0, $t0, main_reverse
        la $a0, text1
        li $a1, 6
        li $a2, 1
        jal make_string
        move $s1, $v0
        la $s2, text1
        la $s3, text2
        li $a0, 4
        jal random_below
        beqz $v0, main_strcmp_copy
        li $t0, 1
        beq $v0, $t0, main_strcmp_longer
        li $t0, 2
        beq $v0, $t0, main_strcmp_other
        la $s3, text1
        j main_strcmp_call
main_strcmp_copy:
        la $a0, text2
        la $a1, text1
        jal copy_string
        j main_strcmp_call
main_strcmp_longer:
        la $a0, text2
        la $a1, text1
        jal copy_string
        li $a0, 3
        jal random_below
        la $t0, alphabet
        addu $t0, $t0, $v0
        lbu $t0, 0($t0)
        la $t1, text2
        addu $t1, $t1, $s1
        sb $t0, 0($t1)
        sb $zero, 1($t1)
        j main_strcmp_call
main_strcmp_other:
        la $a0, text2
        li $a1, 6
        li $a2, 1
        jal make_string
main_strcmp_call:
        # either order
        li $a0, 2
        jal random_below
        beqz $v0, main_strcmp_ordered
        move $t0, $s2
        move $s2, $s3
        move $s3, $t0
main_strcmp_ordered:
        jal scramble
        move $a0, $s2
        move $a1, $s3
        jal strcmp
        move $s1, $v0
        jal show_name_strcmp
        li $a0, '0'
        beqz $s1, main_strcmp_sign
        li $a0, '-'
        bltz $s1, main_strcmp_sign
        li $a0, '+'
main_strcmp_sign:
        jal print_char
        li $a0, '\n'
        jal print_char
        addi $s0, $s0, 1
        j main_strcmp_next

        # reverse: as strlen's strings; the hash covers the string, its 0 and the guard
main_reverse:
        li $s0, 0
main_reverse_next:
        li $t0, REVERSE_CASES
        beq $s0, $t0, main_array_max
        jal case_max_length
        la $a0, text1
        move $a1, $v0
        andi $a2, $s0, 1
        jal make_string
        move $s1, $v0
        jal scramble
        la $a0, text1
        jal reverse
        jal show_name_reverse
        la $a0, text1
        addi $a1, $s1, 5
        jal hash_bytes
        move $a0, $v0
        jal print_int_line
        addi $s0, $s0, 1
        j main_reverse_next

        # array_max: 1-30 elements (one case in twenty 1,000), small values with many
        # ties, any words, or values near -1000; the word after the last is the largest
        # int, which a solution reading past a[n-1] would return
main_array_max:
        li $s0, 0
main_array_max_next:
        li $t0, ARRAY_MAX_CASES
        beq $s0, $t0, main_exit
        li $s1, 1000
        li $t0, 20
        div $s0, $t0
        mfhi $t0
        li $t1, 19
        beq $t0, $t1, main_array_max_fill
        li $a0, 30
        jal random_below
        addi $s1, $v0, 1
main_array_max_fill:
        li $s2, 0
main_array_max_element:
        beq $s2, $s1, main_array_max_call
        li $t0, 3
        div $s0, $t0
        mfhi $t0
        beqz $t0, main_array_max_small
        li $t1, 1
        beq $t0, $t1, main_array_max_any
        li $a0, 3
        jal random_below
        addi $v0, $v0, -1000
        j main_array_max_store
main_array_max_small:
        li $a0, 7
        jal random_below
        addi $v0, $v0, -3
        j main_array_max_store
main_array_max_any:
        jal random_word
main_array_max_store:
        la $t0, numbers
        sll $t1, $s2, 2
        addu $t0, $t0, $t1
        sw $v0, 0($t0)
        addi $s2, $s2, 1
        j main_array_max_element
main_array_max_call:
        la $t0, numbers
        sll $t1, $s1, 2
        addu $t0, $t0, $t1
        li $t1, 0x7fffffff
        sw $t1, 0($t0)
        jal scramble
        la $a0, numbers
        move $a1, $s1
        jal array_max
        move $s2, $v0
        move $s3, $v1
        jal show_name_array_max
        move $a0, $s2
        jal print_int
        li $a0, ' '
        jal print_char
        move $a0, $s3
        jal print_int_line
        addi $s0, $s0, 1
        j main_array_max_next

main_exit:
        li $v0, 10
        syscall

# int case_max_length(): 1000 for every tenth case ($s0 % 10 == 9), else 20.
case_max_length:
        li $v0, 10
        div $s0, $v0
        mfhi $v0
        li $t0, 9
        bne $v0, $t0, case_max_length_short
        li $v0, 1000
        jr $ra
case_max_length_short:
        li $v0, 20
        jr $ra

# int make_string(char *buffer, int max_length, int over_alphabet): a string of
# 0..max_length random characters (any of 1-255, or 'a' 'b' 0xe9 when over_alphabet),
# its 0, then four random non-zero guard bytes. Returns its length.
#   $s0 buffer, $s1 length, $s2 over_alphabet, $s3 index
make_string:
        addi $sp, $sp, -20
        sw $ra, 16($sp)
        sw $s3, 12($sp)
        sw $s2, 8($sp)
        sw $s1, 4($sp)
        sw $s0, 0($sp)
        move $s0, $a0
        move $s2, $a2
        addi $a0, $a1, 1
        jal random_below
        move $s1, $v0
        li $s3, 0
make_string_next:
        beq $s3, $s1, make_string_end
        bnez $s2, make_string_alphabet
        li $a0, 255
        jal random_below
        addi $v0, $v0, 1
        j make_string_store
make_string_alphabet:
        li $a0, 3
        jal random_below
        la $t0, alphabet
        addu $t0, $t0, $v0
        lbu $v0, 0($t0)
make_string_store:
        addu $t0, $s0, $s3
        sb $v0, 0($t0)
        addi $s3, $s3, 1
        j make_string_next
make_string_end:
        addu $t0, $s0, $s1
        sb $zero, 0($t0)
        addi $s3, $s1, 1
        addi $s1, $s1, 5
make_string_guard:
        beq $s3, $s1, make_string_return
        li $a0, 255
        jal random_below
        addi $v0, $v0, 1
        addu $t0, $s0, $s3
        sb $v0, 0($t0)
        addi $s3, $s3, 1
        j make_string_guard
make_string_return:
        addi $v0, $s1, -5
        lw $s0, 0($sp)
        lw $s1, 4($sp)
        lw $s2, 8($sp)
        lw $s3, 12($sp)
        lw $ra, 16($sp)
        addi $sp, $sp, 20
        jr $ra

# void copy_string(char *to, char *from): the string and its 0.
copy_string:
        lbu $t0, 0($a1)
        sb $t0, 0($a0)
        addi $a0, $a0, 1
        addi $a1, $a1, 1
        bnez $t0, copy_string
        jr $ra

# int hash_bytes(char *bytes, int count): h = h * 31 + byte, over count bytes.
hash_bytes:
        li $v0, 0
        li $t1, 31
hash_bytes_next:
        beqz $a1, hash_bytes_end
        lbu $t0, 0($a0)
        mul $v0, $v0, $t1
        addu $v0, $v0, $t0
        addi $a0, $a0, 1
        addi $a1, $a1, -1
        j hash_bytes_next
hash_bytes_end:
        jr $ra

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

show_name_strlen:
        la $a0, strlen_name
        j print_string
show_name_strcmp:
        la $a0, strcmp_name
        j print_string
show_name_reverse:
        la $a0, reverse_name
        j print_string
show_name_array_max:
        la $a0, array_max_name
        j print_string

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

        .data
strlen_name:    .asciiz "strlen "
strcmp_name:    .asciiz "strcmp "
reverse_name:   .asciiz "reverse "
array_max_name: .asciiz "array_max "
