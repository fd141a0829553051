# Issue 14 item 6: MARS's stack ends at 0x7ffffffc; a byte above is out of range.
	.text
main:	li $t0, 0x7ffffffc
	sw $t1, 0($t0)
	lb $t1, 3($t0)
