# From the deleted hw4_spec.sh (issue 32): player_move broken; its callers run
# the reference's code or restore what it breaks.
# loses: player_move
/^player_move_step:/,/^player_move_return:/{/sb \$s3, 1(\$s1)/d}
