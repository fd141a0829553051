# fault.asm: follows a null pointer: a load from address 0 is a runtime
# error, after which the debugger keeps the state for inspection.
        .text
# main: $t0 = a pointer that is 0, $t1 = what it points at.
main:   li $t0, 0
        li $t1, 5
        lw $t1, 0($t0)
        li $v0, 10
        syscall
