; LC-3, does not assemble: ÿ [2J  
.ORIG x3000
	ADD R0, ÿ[31m, #1
.END
