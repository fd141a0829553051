# From the deleted hw4_spec.sh (issue 32): flood_fill_reveal broken; its callers run
# the reference's code or restore what it breaks.
# loses: flood_fill_reveal
/^flood_fill_reveal:/,/^flood_fill_reveal_done:/{/sb \$t3, 0(\$t1)/d}
