# complete_attack takes a health point for a door ("The player destroys the
# targeted door": no fight, no damage). player_turn calls it on every door it
# breaks, but runs the reference's complete_attack (`callees from the
# reference`): it keeps its points, as a truth of its own sentences says.
# loses: complete_attack
/^complete_attack_not_boss:/,/^complete_attack_fight:/s/li \$a3, '\.'$/li $a3, '.'\n        lb $t2, 2($s1)\n        addi $t2, $t2, -1\n        sb $t2, 2($s1)/
