# strings.asm: strings and arrays, the reference solution of its four functions
# (README.md beside this file is the handout).
#
# Where the handout leaves a choice open, this file decides:
# - strcmp returns -1, 0 or 1 (the handout allows any negative or positive number).
# - reverse leaves $v0 as it happens to be (the handout says it returns nothing).
#
# Register conventions: no function calls another or writes an $s register, so none
# touches the stack; each works in $t registers and returns in $v0 (and $v1).

        .text
        .globl strlen
        .globl strcmp
        .globl reverse
        .globl array_max

# ---------------------------------------------------------------------------------------
# int strlen(char *str): the number of bytes before the terminating 0.
#   $t0 address of the next byte, $t1 that byte
strlen:
        move $t0, $a0
strlen_next:
        lbu $t1, 0($t0)
        beqz $t1, strlen_done
        addi $t0, $t0, 1
        j strlen_next
strlen_done:
        subu $v0, $t0, $a0
        jr $ra

# ---------------------------------------------------------------------------------------
# int strcmp(char *s1, char *s2): -1, 0 or 1 as s1 sorts before, equal to or after s2,
# bytes compared as unsigned numbers (0-255); a string that is a prefix of the other
# sorts first, because its 0 is smaller than any character.
#   $t0 byte of s1, $t1 byte of s2, $t2 offset of both, $t3 address of a byte
strcmp:
        li $t2, 0
strcmp_next:
        addu $t3, $a0, $t2
        lbu $t0, 0($t3)
        addu $t3, $a1, $t2
        lbu $t1, 0($t3)
        bne $t0, $t1, strcmp_differ
        beqz $t0, strcmp_equal
        addi $t2, $t2, 1
        j strcmp_next
strcmp_differ:
        li $v0, -1
        bltu $t0, $t1, strcmp_return
        li $v0, 1
        j strcmp_return
strcmp_equal:
        li $v0, 0
strcmp_return:
        jr $ra

# ---------------------------------------------------------------------------------------
# void reverse(char *str): reverses the characters of str in place; the terminating 0
# stays where it is and no other byte is written.
#   $t0 left end, $t1 right end (the last character), $t2 and $t3 the bytes swapped
reverse:
        move $t0, $a0
        move $t1, $a0
reverse_find_end:
        lbu $t2, 0($t1)
        beqz $t2, reverse_found_end
        addi $t1, $t1, 1
        j reverse_find_end
reverse_found_end:
        addi $t1, $t1, -1
reverse_swap:
        bgeu $t0, $t1, reverse_done
        lbu $t2, 0($t0)
        lbu $t3, 0($t1)
        sb $t3, 0($t0)
        sb $t2, 0($t1)
        addi $t0, $t0, 1
        addi $t1, $t1, -1
        j reverse_swap
reverse_done:
        jr $ra

# ---------------------------------------------------------------------------------------
# (int, int) array_max(int *a, int n): the largest of a[0..n-1] (signed) in $v0 and the
# index of its first occurrence in $v1; n >= 1.
#   $t0 index, $t1 address of a[index], $t2 a[index]
array_max:
        lw $v0, 0($a0)
        li $v1, 0
        li $t0, 1
        addi $t1, $a0, 4
array_max_next:
        bge $t0, $a1, array_max_done
        lw $t2, 0($t1)
        ble $t2, $v0, array_max_not_larger
        move $v0, $t2
        move $v1, $t0
array_max_not_larger:
        addi $t0, $t0, 1
        addi $t1, $t1, 4
        j array_max_next
array_max_done:
        jr $ra
