# A function that uses $s0 without saving it: main's count is lost.
        .text
main:   li $s0, 5               # main keeps its count in $s0
        li $a0, 3
        jal square
        move $a0, $s0           # 3, not 5: square changed $s0
        li $v0, 1
        syscall
        li $v0, 10
        syscall

# square: $v0 = $a0 * $a0, but it borrows $s0 and never restores it
square: move $s0, $a0
        mul $v0, $s0, $s0
        jr $ra
