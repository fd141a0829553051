# The fuzzer's seed 1402228 (difffuzz run H): with delayed branching the
# slot of a taken bne is divu's bne, taken too, so MARS runs one more slot.
	.data
	.text
	li $a3, -32769
	bne $t9,651934915,L4
	divu $a2,$t8,$a3
L4:
