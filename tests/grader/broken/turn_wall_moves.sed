# player_turn skips its wall test (step 2: "If the target cell is '#', return
# 0"): a wall goes to player_move, where the monsters beside the player attack.
# loses: player_turn
/^player_turn:/,/^player_turn_return:/{/li \$t0, '#'/d;/beq \$v0, \$t0, player_turn_nothing/d}
