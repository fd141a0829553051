# Correct variant (tests/grader/spec/strings): written apart from the reference.
# - Every function keeps a frame addressed through $fp and works in $s registers, saving
#   and restoring each one it writes.
# - strcmp computes -1/0/1 without branches: (s2 byte < s1 byte) - (s1 byte < s2 byte).
# - reverse copies the string into its stack frame, then writes it back from the end:
#   it writes the string's characters only, as the handout allows (the frame is its own).
# - array_max walks a pointer and turns it back into an index at the end.

        .text
        .globl strlen
        .globl strcmp
        .globl reverse
        .globl array_max

# int strlen(char *str)   $s0 address of the next byte
strlen:
        addi $sp, $sp, -8
        sw $fp, 4($sp)
        sw $s0, 0($sp)
        move $fp, $sp
        move $s0, $a0
strlen_next:
        lb $t0, 0($s0)
        beq $t0, $zero, strlen_done
        addi $s0, $s0, 1
        j strlen_next
strlen_done:
        sub $v0, $s0, $a0
        lw $s0, 0($fp)
        lw $fp, 4($fp)
        addi $sp, $sp, 8
        jr $ra

# int strcmp(char *s1, char *s2)   $s0 s1's next byte, $s1 s2's next byte
strcmp:
        addi $sp, $sp, -12
        sw $fp, 8($sp)
        sw $s1, 4($sp)
        sw $s0, 0($sp)
        move $fp, $sp
        move $s0, $a0
        move $s1, $a1
strcmp_next:
        lbu $t0, 0($s0)
        lbu $t1, 0($s1)
        bne $t0, $t1, strcmp_sign
        beq $t0, $zero, strcmp_sign
        addi $s0, $s0, 1
        addi $s1, $s1, 1
        j strcmp_next
strcmp_sign:
        sltu $t2, $t1, $t0
        sltu $t3, $t0, $t1
        sub $v0, $t2, $t3
        lw $s0, 0($fp)
        lw $s1, 4($fp)
        lw $fp, 8($fp)
        addi $sp, $sp, 12
        jr $ra

# void reverse(char *str)
#   $s0 str, $s1 its length, $s2 the copy in the frame; $t0 source, $t1 destination
reverse:
        addi $sp, $sp, -20
        sw $ra, 16($sp)
        sw $fp, 12($sp)
        sw $s2, 8($sp)
        sw $s1, 4($sp)
        sw $s0, 0($sp)
        move $fp, $sp
        move $s0, $a0
        jal strlen
        move $s1, $v0
        # room for the characters, rounded up to whole words
        addi $t0, $s1, 3
        srl $t0, $t0, 2
        sll $t0, $t0, 2
        sub $sp, $sp, $t0
        move $s2, $sp
        # copy str[0..len-1] into the frame
        move $t0, $s0
        move $t1, $s2
        add $t2, $s0, $s1
reverse_copy:
        beq $t0, $t2, reverse_copied
        lbu $t3, 0($t0)
        sb $t3, 0($t1)
        addi $t0, $t0, 1
        addi $t1, $t1, 1
        j reverse_copy
reverse_copied:
        # str[i] = copy[len-1-i]
        move $t0, $s0
        add $t1, $s2, $s1
reverse_write:
        beq $t0, $t2, reverse_written
        addi $t1, $t1, -1
        lbu $t3, 0($t1)
        sb $t3, 0($t0)
        addi $t0, $t0, 1
        j reverse_write
reverse_written:
        move $sp, $fp
        lw $s0, 0($sp)
        lw $s1, 4($sp)
        lw $s2, 8($sp)
        lw $fp, 12($sp)
        lw $ra, 16($sp)
        addi $sp, $sp, 20
        jr $ra

# (int, int) array_max(int *a, int n)
#   $s0 pointer to the next element, $s1 one past the last, $s2 pointer to the maximum
array_max:
        addi $sp, $sp, -16
        sw $fp, 12($sp)
        sw $s2, 8($sp)
        sw $s1, 4($sp)
        sw $s0, 0($sp)
        move $fp, $sp
        sll $t0, $a1, 2
        add $s1, $a0, $t0
        move $s2, $a0
        lw $v0, 0($a0)
        addi $s0, $a0, 4
array_max_next:
        beq $s0, $s1, array_max_done
        lw $t0, 0($s0)
        slt $t1, $v0, $t0
        beq $t1, $zero, array_max_step
        move $v0, $t0
        move $s2, $s0
array_max_step:
        addi $s0, $s0, 4
        j array_max_next
array_max_done:
        sub $v1, $s2, $a0
        sra $v1, $v1, 2
        lw $s0, 0($fp)
        lw $s1, 4($fp)
        lw $s2, 8($fp)
        lw $fp, 12($fp)
        addi $sp, $sp, 16
        jr $ra
