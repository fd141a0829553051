# outer calls inner without saving $ra: its jr $ra returns into itself.
        .text
main:   jal outer
        li $v0, 10
        syscall

outer:  li $a0, 1
        jal inner               # overwrites outer's $ra
        jr $ra                  # returns to the line above, forever

inner:  addi $v0, $a0, 1
        jr $ra
