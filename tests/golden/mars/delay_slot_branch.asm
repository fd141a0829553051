# With delayed branching, a taken branch in a taken branch's slot carries
# the slot over: MARS runs "li $a0, 65" and then goes to L.
	.text
	li $t0, 1
	bne $t0, $zero, L
	bne $t0, $zero, M
	li $a0, 65
	li $a1, 66
M:	li $a0, 77
	li $v0, 10
	syscall
L:	li $v0, 1
	syscall
	move $a0, $a1
	syscall
	li $v0, 10
	syscall
