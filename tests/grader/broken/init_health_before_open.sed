# init_game gives the player 10 health points before it opens the file, and
# leaves them there when the file is missing ("The function must not write any
# changes to main memory except as specified": -1 and nothing else).
# loses: init_game
/^init_game:$/,/^init_game_next_line:/s/^        move \$s1, \$a2$/        move $s1, $a2\n        li $t0, 10\n        sb $t0, 2($s1)/
