# After each .eqv substitution MARS splits the line again: a third report,
# of the substituted line. (b is a mnemonic, so .eqv B is malformed.)
.eqv A $t0
.eqv B $t1
add A, B, @
.eqv C 5
or @ $t0, C, `
