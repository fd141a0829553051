# player_turn returns -1 for a target off the map (step 2: "If not, then
# return 0").
# loses: player_turn
/^player_turn:/,/^player_turn_return:/s/bltz \$v0, player_turn_nothing/bltz $v0, player_turn_bad\n        li $t0, '#'\n        beq $v0, $t0, player_turn_nothing\n        j player_turn_attack\nplayer_turn_bad:\n        li $v0, -1\n        j player_turn_return\nplayer_turn_attack:/
