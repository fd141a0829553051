# complete_attack reads the health back as an unsigned byte before the death
# test: a boss that leaves -1 reads 255, and the player lives on.
# loses: complete_attack
/^complete_attack_fight:/,/^complete_attack_return:/{/sb \$t2, 2(\$s1)/,/bgtz/s/lb \$t2, 2(\$s1)/lbu $t2, 2($s1)/}
