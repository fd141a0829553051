# FP registers to display after the run (fp_register_forms*.args): $f1, $f2,
# $f3, $f8, $f16 and $f31 hold values.
.data
v: .float 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5
.text
	la $t0, v
	lwc1 $f1, 0($t0)
	lwc1 $f2, 4($t0)
	lwc1 $f3, 8($t0)
	lwc1 $f8, 12($t0)
	lwc1 $f16, 16($t0)
	lwc1 $f31, 20($t0)
	li $t1, 7
	li $t2, 9
