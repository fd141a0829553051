# MARS's code generation fails on an expansion that holds a pseudo-
# instruction (swr/swl with an immediate over 16 bits): it reports it, goes
# on through the statements after it, and stores them all, the bad template
# as 0, so its dumps write the code as well as the data.
	.data
x:	.word 7
	.text
	swr $t5,32768
	addi $t0,$t0,1
	swl $t1,40000($t2)
	li $v0,10
	syscall
