# MARS splits each line twice before assembling, and reports an invalid
# element each time, the line first.
add $t0, $t1, @
	sub $t0, `, $t2   # comment @
.data
.word 0x123456789
