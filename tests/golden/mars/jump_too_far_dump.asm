# D4 (b): a jump out of its 256 MB region fails MARS's code generation, which
# reports it, stores 0 for that word and goes on: its dumps show the code.
	.data
x:	.word 7
	.text
main:	j handler
	addi $t0,$t0,1
	jal handler
	li $v0,10
	syscall
	.ktext 0x80000180
handler: j main
	addi $t1,$t1,3
	eret
