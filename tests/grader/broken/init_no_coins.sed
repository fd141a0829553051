# init_game leaves the coins as they were ("and the number 0 at byte 3 of the
# Player struct").
# loses: init_game
/^init_game_read_health:/,/^init_game_return:/{/sb \$zero, 3(\$s1)/d}
