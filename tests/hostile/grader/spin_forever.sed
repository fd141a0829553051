# 13.7: every function spins until its budget runs out; with many cases a
# grading takes seconds of CPU, so a small --cpu kills the child.
s/^\(init_game\|is_valid_cell\|get_cell\|set_cell\|reveal_area\|get_attack_target\|complete_attack\|monster_attacks\|player_move\|player_turn\|flood_fill_reveal\):$/&\n\1_spin: j \1_spin/
