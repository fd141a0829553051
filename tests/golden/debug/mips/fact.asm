# fact.asm: reads n and prints n! computed by a recursive function; the
# result is also kept in the word `result`.
        .data
prompt: .asciiz "n? "
equals: .asciiz "! = "
result: .word 0

        .text
# main: reads n, calls fact(n), stores and prints the result.
# Registers: $s0 = n.
main:   li $v0, 4               # ask for n
        la $a0, prompt
        syscall
        li $v0, 5               # $s0 = n
        syscall
        move $s0, $v0
        move $a0, $s0           # result = fact(n)
        jal fact
        sw $v0, result
        li $v0, 1               # print "n! = result"
        move $a0, $s0
        syscall
        li $v0, 4
        la $a0, equals
        syscall
        li $v0, 1
        lw $a0, result
        syscall
        li $v0, 11
        li $a0, '\n'
        syscall
        li $v0, 10
        syscall

# fact(n): returns n! in $v0 (1 for n <= 0), recursively.
# Registers: $a0 = n; the frame saves $ra and n (8 bytes).
fact:   addi $sp, $sp, -8       # push the frame
        sw $ra, 4($sp)
        sw $a0, 0($sp)
        li $v0, 1               # fact(n <= 0) = 1
        blez $a0, fact_done
        addi $a0, $a0, -1       # $v0 = fact(n - 1) * n
        jal fact
        lw $a0, 0($sp)
        mul $v0, $v0, $a0
fact_done:
        lw $ra, 4($sp)          # pop the frame and return
        addi $sp, $sp, 8
        jr $ra
