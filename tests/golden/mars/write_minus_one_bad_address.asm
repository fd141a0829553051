# syscall 15 with length -1 and a bad buffer: MARS's address error comes
# before its crash, so a handler-less run reports the runtime error.
	.text
	li $a0, 1
	li $a1, 3
	li $a2, -1
	li $v0, 15
	syscall
