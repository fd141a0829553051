	.data
str:	.asciiz "Hi \"there\"\n\t\\end"
	.text
	la $a1, str
	li $a2, -1
	li $v0, 15
	syscall
