	.data
	.text
	li $a2, -1
	li $v0, 14
	syscall
