# complete_attack writes the dead player's 'X' at (row, row), not on his own cell
# ("the '@' for the player is replaced with 'X'").
# loses: complete_attack
/^complete_attack_fight:/,/^complete_attack_return:/s/lbu \$a2, 1(\$s1)/lbu $a2, 0($s1)/
