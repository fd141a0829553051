# From the deleted hw4_spec.sh (issue 32): player_turn broken; its callers run
# the reference's code or restore what it breaks.
# loses: player_turn
/^player_turn_valid_direction:/,/jal get_cell/{/add \$s3, \$s3, \$v0/d}
