# mtc1.d $ra: "mtc1 $32, $f3" fails at its first operand; MARS still stores
# the word with both fields' mask letters ORed in, and a later statement
# with no error lets its code generation run.
	.text
main:
	li $ra, 7
	mtc1.d $ra, $f2
