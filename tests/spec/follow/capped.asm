# owner_age, wrong from 60 up: right only on owners younger than 60.
        .text
        .globl owner_age
owner_age:
        lw $t0, 4($a1)
        lw $v0, 0($t0)
        slti $t1, $v0, 60
        bnez $t1, done
        li $v0, 59
done:   jr $ra
