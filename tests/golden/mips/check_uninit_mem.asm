# Reads of memory nothing wrote: a .space buffer, the stack, the heap.
        .data
count:  .word 7
buffer: .space 16
        .text
main:   lw $t0, count           # .word: written by the directive
        lw $t1, buffer + 4      # .space: never written
        addi $sp, $sp, -8
        sw $t0, 0($sp)
        lw $t2, 0($sp)          # written just above
        lw $t3, 4($sp)          # never written
        addi $sp, $sp, 8
        li $a0, 8
        li $v0, 9               # sbrk: 8 bytes of heap
        syscall
        lb $t4, 3($v0)          # never written
        li $v0, 10
        syscall
