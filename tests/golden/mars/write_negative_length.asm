# syscall 15 with length -1: MARS reads the byte at $a1, then its thread
# dies (ArrayIndexOutOfBoundsException); the end is reported as the step
# limit given.
	.data
str:	.asciiz "text"
	.text
	li $a0, 1
	la $a1, str
	li $a2, -1
	li $v0, 15
	syscall
	li $v0, 10
	syscall
