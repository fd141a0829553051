# From the deleted hw4_spec.sh (issue 32): reveal_area broken; its callers run
# the reference's code or restore what it breaks.
# loses: reveal_area
/^reveal_area:/,/^reveal_area_next_row:/s/move \$s1, \$a1/addu $s1, $a1, $a3/
