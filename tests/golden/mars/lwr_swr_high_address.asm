# lwr and swr above 2^31, as MARS 4.5 runs them: Java's remainder of a
# negative address is negative, so they touch up to six bytes, and Java's
# shift puts the fifth and sixth on bytes 0 and 1. The last byte here is
# 0xffffffff, out of range: the handler prints what was stored before.
	.text
	li $t1, 0xfffffff0
	li $t0, 0x04030201
	sw $t0, 0($t1)
	li $t0, 0x08070605
	sw $t0, 4($t1)
	li $t0, 0x11223344
	lwr $t0, 2($t1)
	move $a0, $t0
	li $v0, 34
	syscall
	li $t0, 0xaabbccdd
	swr $t0, 10($t1)
	li $v0, 10
	syscall
.ktext 0x80000180
	li $a0, 10
	li $v0, 11
	syscall
	mfc0 $a0, $8
	li $v0, 34
	syscall
	li $a0, 10
	li $v0, 11
	syscall
	li $t1, 0xfffffff8
	lw $a0, 0($t1)
	syscall
	li $a0, 10
	li $v0, 11
	syscall
	lw $a0, 4($t1)
	li $v0, 34
	syscall
	li $v0, 10
	syscall
