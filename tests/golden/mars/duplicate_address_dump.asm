# D4 (b): .text/.ktext operands that put statements on one address: MARS
# reports each duplicate after its code generation and keeps the later
# statement's word (a pseudo-instruction's second word among them).
	.text
	addi $t0,$t0,1
	li $t1,0x12345678
	.text 0x00400004
	addi $t1,$t1,2
	.text 0x00400000
	ori $t2,$t2,5
	.ktext 0x80000180
	eret
	.ktext 0x80000180
	addi $k0,$k0,4
	li $v0,10
	syscall
