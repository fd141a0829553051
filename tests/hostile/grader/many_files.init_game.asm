# 24.9: files created (open for writing, close) until the open fails; it
# returns how many it made. Names "a" + a counter's four bytes.
        addi $sp, $sp, -8
        li $t0, 0x41414161        # "aAAA"
        sw $t0, 0($sp)
        sw $zero, 4($sp)
        li $t1, 0                 # files made
many_files_next:
        move $a0, $sp
        li $a1, 1
        li $v0, 13
        syscall
        bltz $v0, many_files_done
        move $a0, $v0
        li $v0, 16
        syscall
        addi $t1, $t1, 1
        lw $t0, 0($sp)            # the next name: count in bytes 1-3, 'A'..'Z'
        li $t2, 0x100
        addu $t0, $t0, $t2
        srl $t3, $t0, 8
        andi $t3, $t3, 0xff
        li $t4, 0x5b              # past 'Z': carry into the next byte
        bne $t3, $t4, many_files_store
        li $t2, 0x1a00            # back to 'A', one up in byte 2
        subu $t0, $t0, $t2
        li $t2, 0x10000
        addu $t0, $t0, $t2
        srl $t3, $t0, 16
        andi $t3, $t3, 0xff
        bne $t3, $t4, many_files_store
        li $t2, 0x1a0000
        subu $t0, $t0, $t2
        li $t2, 0x1000000
        addu $t0, $t0, $t2
many_files_store:
        sw $t0, 0($sp)
        j many_files_next
many_files_done:
        addi $sp, $sp, 8
        move $v0, $t1
        jr $ra
