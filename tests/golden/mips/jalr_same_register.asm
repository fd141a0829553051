# Issue 22: MARS links before it reads the target, so jalr $t1,$t1 and
# jalr $ra go to the next instruction. MARS prints 123.
	.text
main:	la $t1, target
	jalr $t1, $t1
	li $v0, 1
	li $a0, 1
	syscall
target:	li $v0, 1
	li $a0, 2
	syscall
	la $ra, second
	jalr $ra
	li $v0, 1
	li $a0, 3
	syscall
	li $v0, 10
	syscall
second:	li $v0, 1
	li $a0, 4
	syscall
	li $v0, 10
	syscall
