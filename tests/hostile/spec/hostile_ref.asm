# The reference of hostile.spec.
# save(name): writes "ok\n" (3 bytes) to the file called name (a NUL-ended
# string), creating or emptying it.
# greet(): prints the greeting kept in its own .data.
.text
save:
        addi $sp, $sp, -4
        li $t0, 0x000a6b6f      # "ok\n"
        sw $t0, 0($sp)
        li $a1, 1
        li $a2, 0
        li $v0, 13
        syscall
        bltz $v0, save_done
        move $a0, $v0
        move $a1, $sp
        li $a2, 3
        li $v0, 15
        syscall
        li $v0, 16
        syscall
save_done:
        addi $sp, $sp, 4
        jr $ra

greet:
        la $a0, greeting
        li $v0, 4
        syscall
        jr $ra

.data
greeting: .asciiz "Hello from .data\n"
