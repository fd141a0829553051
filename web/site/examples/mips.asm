# Reads n and prints 1 + 2 + ... + n (MARS's syscalls 5, 4, 1, 10).
        .data
ask:    .asciiz "n = "
said:   .asciiz "sum = "
        .text
main:   li   $v0, 4
        la   $a0, ask
        syscall
        li   $v0, 5
        syscall
        move $t0, $v0          # n
        li   $t1, 0            # the sum
loop:   blez $t0, done
        add  $t1, $t1, $t0
        addi $t0, $t0, -1
        j    loop
done:   li   $v0, 4
        la   $a0, said
        syscall
        li   $v0, 1
        move $a0, $t1
        syscall
        li   $v0, 10
        syscall
