# complete_attack takes a health point for a door ("The player destroys the
# targeted door": no fight, no damage). player_turn runs this broken callee on
# every door it breaks: it loses too, right for the game, wrong for a truth of its
# own sentences (docs/grader-spec.md, "hw4 in this format").
# loses: complete_attack
# chance: player_turn
/^complete_attack_not_boss:/,/^complete_attack_fight:/s/li \$a3, '\.'$/li $a3, '.'\n        lb $t2, 2($s1)\n        addi $t2, $t2, -1\n        sb $t2, 2($s1)/
