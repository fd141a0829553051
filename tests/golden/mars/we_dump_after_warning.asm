# "we" with only a warning: MARS fails the assembly after it has stored the
# code and the data, so its dumps still write both.
	.data
h:	.half 1, 0xffff
	.text
	li $s5, 8
	addi $t0, $s5, 1
