.macro show (%reg)
.end_macro
	.data
	.text
	round.w.d $f12,$f10
