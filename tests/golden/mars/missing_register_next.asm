# ld's expansion names "$32": MARS reports it at its column in "lw $32, 4($8)",
# then the next statement's missing label, then stops: nothing is stored.
	.data
x:	.word 1, 2
	.text
main:
	la $t0, x
	ld $ra, ($t0)
	lw $t1, nowhere
	j alsonowhere
