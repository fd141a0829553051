# An included file's lines are reported under its own name.
nop
.include "invalid_element_included.asm"
sub $t0, $t1, @
