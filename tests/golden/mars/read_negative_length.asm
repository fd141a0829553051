# syscall 14 with a negative length: MARS's simulator thread dies
# (NegativeArraySizeException); its run ends as at a step limit.
	.data
buf:	.space 8
msg:	.asciiz "before\n"
	.text
	la $a0, msg
	li $v0, 4
	syscall
	li $a0, 0
	la $a1, buf
	li $a2, -3
	li $v0, 14
	syscall
	li $a0, 1
	li $v0, 1
	syscall
