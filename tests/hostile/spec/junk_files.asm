# Observation 3: save writes no file of its own; it creates files until the
# open fails, to spend a file budget the reference would share.
.text
save:
        addi $sp, $sp, -8
        li $t0, 0x41414161      # "aAAA", then a count in bytes 1-2
        sw $t0, 0($sp)
        sw $zero, 4($sp)
junk_next:
        move $a0, $sp
        li $a1, 1
        li $a2, 0
        li $v0, 13
        syscall
        bltz $v0, junk_done
        move $a0, $v0
        li $v0, 16
        syscall
        lw $t0, 0($sp)
        addiu $t0, $t0, 0x100   # the next name: byte 1 counts 'A'..'Z'
        srl $t1, $t0, 8
        andi $t1, $t1, 0xff
        li $t2, 0x5b
        bne $t1, $t2, junk_store
        addiu $t0, $t0, -0x1a00 # back to 'A', one up in byte 2
        addiu $t0, $t0, 0x10000
junk_store:
        sw $t0, 0($sp)
        j junk_next
junk_done:
        addi $sp, $sp, 8
        jr $ra

greet:
        la $a0, greeting
        li $v0, 4
        syscall
        jr $ra

.data
greeting: .asciiz "Hello from .data\n"
