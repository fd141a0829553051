# player_turn walks into a door instead of attacking it (step 3: "If the target
# cell is attackable, call complete_attack"; a door is one).
# loses: player_turn
/^player_turn:/,/^player_turn_return:/s/bltz \$v0, player_turn_move/li $t0, '\/'\n        beq $v0, $t0, player_turn_move\n        bltz $v0, player_turn_move/
