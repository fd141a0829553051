# The loop's sum starts in $t1, which nothing set.
        .text
main:   li $t0, 3
loop:   add $t1, $t1, $t0
        addi $t0, $t0, -1
        bgtz $t0, loop
        move $a0, $t1
        li $v0, 1
        syscall
        li $v0, 10
        syscall
