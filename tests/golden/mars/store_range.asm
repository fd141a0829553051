# Issue 14 item 5: a store out of range says what a load says.
	.text
main:	li $t0, 0xa0000000
	sb $t1, 0($t0)
