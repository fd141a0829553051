	.data
	.text
	syscall
