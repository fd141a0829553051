# complete_attack marks the player dead ('X') only when his health is exactly 0
# (its section: "the player's health might drop to 0 ... the player has died"):
# a boss that leaves -1 does not kill him.
# loses: complete_attack
/^complete_attack_fight:/,/^complete_attack_return:/s/bgtz \$t2, complete_attack_return/bnez $t2, complete_attack_return/
