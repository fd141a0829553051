# From the deleted hw4_spec.sh (issue 32): reveal_area broken; its callers run
# the reference's code or restore what it breaks.
# loses: reveal_area
/^reveal_area:/,/^reveal_area_return:/s/jal set_cell/lbu $t0, 1($s0)\n mul $t1, $s3, $t0\n add $t1, $t1, $s4\n add $t1, $t1, $s0\n sb $a3, 2($t1)/
