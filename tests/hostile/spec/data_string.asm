# Observation 5: correct; its greeting lies elsewhere in its .data than the
# reference's. Noise over the .data made it print noise and score 0.
.text
save:
        addi $sp, $sp, -4
        li $t0, 0x000a6b6f
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
other: .asciiz "this string comes first"
greeting: .asciiz "Hello from .data\n"
