nop
add $t0, $t1, @
