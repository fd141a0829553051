.macro show (%reg)
.end_macro
	.data
d2:	.half 1, 0xffff
	.text
	li $s5, 8
