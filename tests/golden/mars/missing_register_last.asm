# difffuzz_gen_mips seed 1403991
	.data
buf:	.space 256
d0:	.align 0
	.text
	.globl main
main:
	la $s7, buf
	li $s5, 8
	mfc1.d $t1,$f31
