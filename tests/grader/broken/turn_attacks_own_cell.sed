# player_turn gives complete_attack the player's own cell, not the target's
# ("call complete attack": on the targeted cell).
# loses: player_turn
/^player_turn:/,/^player_turn_return:/{/jal get_attack_target/,/jal complete_attack/{s/move \$a2, \$s3/lbu $a2, 0($s1)/;s/move \$a3, \$s4/lbu $a3, 1($s1)/}}
