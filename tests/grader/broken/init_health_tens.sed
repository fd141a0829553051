# init_game keeps only the tens digit of the starting health ("two-digit ASCII
# characters ... perform the appropriate conversion").
# loses: init_game
/^init_game_read_health:/,/^init_game_return:/s/sb \$v0, 2(\$s1)/li $t9, 10\n        div $v0, $t9\n        mflo $v0\n        sb $v0, 2($s1)/
