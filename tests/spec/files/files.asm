# A small assignment that writes a file, to test `compare files`.
# save_pair(name, a, b): writes the words a then b (8 bytes, little-endian)
# to the file called name (a NUL-ended string), creating or emptying it;
# returns 0, or -1 when the file cannot be opened.
# main reads an int n and saves the pair (n, n * n) in out.txt, then prints
# "saved".
.text
main:
        li $v0, 5
        syscall
        move $a1, $v0
        mul $a2, $v0, $v0
        la $a0, out_name
        jal save_pair
        la $a0, saved
        li $v0, 4
        syscall
        li $v0, 10
        syscall

save_pair:
        addi $sp, $sp, -8       # the 8 bytes to write
        move $t0, $a1
        move $t1, $a2
        sw $t0, 0($sp)
        sw $t1, 4($sp)
        li $a1, 1               # write, created or emptied
        li $a2, 0
        li $v0, 13
        syscall
        bltz $v0, save_pair_fail
        move $t2, $v0
        move $a0, $v0
        move $a1, $sp
        li $a2, 8
        li $v0, 15
        syscall
        move $a0, $t2
        li $v0, 16
        syscall
        li $v0, 0
        j save_pair_return
save_pair_fail:
        li $v0, -1
save_pair_return:
        addi $sp, $sp, 8
        jr $ra

.data
out_name: .asciiz "out.txt"
saved: .asciiz "saved\n"
