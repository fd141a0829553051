# From the deleted hw4_spec.sh (issue 32): flood_fill_reveal broken; its callers run
# the reference's code or restore what it breaks.
# loses: flood_fill_reveal
/^flood_fill_reveal_neighbours:/,/^flood_fill_reveal_done:/s/add \$t0, \$t0, \$s6/add $t0, $t0, $s6\n        addi $t0, $t0, 1/
