# monster_attacks reads its neighbours without get_cell (its section: "must call
# get_cell"): it alone loses points. Shared by mipsgrade_cli.sh and gradescope_cli.sh.
/^monster_attacks:/,/^player_move:/s/jal get_cell$/jal get_cell_directly/
$a\
get_cell_directly:\
        lbu $t0, 0($a0)\
        lbu $t1, 1($a0)\
        li $v0, -1\
        bgeu $a1, $t0, get_cell_directly_done\
        bgeu $a2, $t1, get_cell_directly_done\
        mul $t0, $t1, $a1\
        addu $t0, $t0, $a2\
        addu $t0, $t0, $a0\
        lbu $v0, 2($t0)\
get_cell_directly_done:\
        jr $ra
