# sum_ref.asm: the reference of a whole MIPS program on data (sum.spec):
# n words at 0x10040004 (n at 0x10040000); their sum is stored at
# 0x10040800, left in $s0, and printed in decimal after "sum = ".
        .data
label:  .asciiz "sum = "
        .text
main:   li $t0, 0x10040000
        lw $t1, 0($t0)          # n
        addiu $t0, $t0, 4
        li $s0, 0
loop:   blez $t1, done
        lw $t2, 0($t0)
        addu $s0, $s0, $t2
        addiu $t0, $t0, 4
        addiu $t1, $t1, -1
        j loop
done:   sw $s0, 0x10040800
        li $v0, 4
        la $a0, label
        syscall
        li $v0, 1
        move $a0, $s0
        syscall
        li $v0, 10
        syscall
