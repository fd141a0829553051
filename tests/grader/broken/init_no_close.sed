# From the deleted hw4_spec.sh (issue 32): init_game broken; its callers run
# the reference's code or restore what it breaks.
# loses: init_game
/^init_game_read_health:/,/^init_game_cannot_open:/{/li \$v0, 16/,/syscall/d}
