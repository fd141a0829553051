# Leaves values in integer and FP registers and memory for the displays.
.data
words: .word 1, -2, 0x41424344, 4, 5
pi:    .double 3.5
.text
    li $t0, 10
    li $t1, -1
    li $s0, 0x6d617273
    l.d $f2, pi
    li $t2, 0x3fc00000
    mtc1 $t2, $f1
    li $v0, 10
    syscall
