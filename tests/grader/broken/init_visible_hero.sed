# init_game stores the '@' visible ("Every character in the map is hidden
# initially").
# loses: init_game
/^init_game_next_cell:/,/^init_game_line_done:/s/sb \$t7, 1(\$s1)/sb $t7, 1($s1)\n        sb $t4, 0($t3)\n        addi $t3, $t3, 1\n        addi $t2, $t2, 1\n        j init_game_next_cell/
