# function: fib
# caught-by: calls fib
# fib computes the right numbers with a loop and never calls itself: the handout's
# "fib must call fib" is broken, though every result is right.
/^fib:$/,/^fib_base_case:$/c\
fib:\
        li $v0, 0\
        li $t0, 1\
fib_loop:\
        beqz $a0, fib_done\
        addu $t1, $v0, $t0\
        move $v0, $t0\
        move $t0, $t1\
        addi $a0, $a0, -1\
        j fib_loop\
fib_done:\
        jr $ra\
fib_base_case:
