# From the deleted hw4_spec.sh (issue 32): flood_fill_reveal broken; its callers run
# the reference's code or restore what it breaks.
# loses: flood_fill_reveal
/^flood_fill_reveal:/,/^flood_fill_reveal_done:/{/andi \$v0, \$v0, 0x7F/d}
