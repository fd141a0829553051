# Correct variant (tests/grader/correct): the reference with one change the handout
# allows: player_turn checks the bounds itself (get_cell only on the map), keeps its
# values in $s3-$s7, masks the hidden bit before the wall test, tests get_attack_target
# against -1, and leaves $v1 changed.
# hw4.asm: MipsHack (CSE 220 homework 4), the reference solution of its eleven functions.
#
# Map struct:    byte 0 num_rows, byte 1 num_cols, bytes 2.. the cells, row-major, one
#                ASCII character each with bit 7 set while the cell is hidden.
# Player struct: byte 0 row, byte 1 col, byte 2 health (signed), byte 3 coins (unsigned).
#
# Where the handout leaves a choice open, this file decides:
# - Characters are compared as stored, hidden bit included, exactly as the handout's
#   "assumes the targeted cell is visible" reads: a hidden 'm' (0xED) is neither attacked
#   nor counted by monster_attacks. Only flood_fill_reveal ignores the hidden bit, as its
#   pseudo-code demands.
# - The player is dead when the signed health byte is 0 or below.
# - player_move onto a cell that is none of . $ * > (e.g. '?'): the monsters still attack,
#   the player stays where he is, and it returns 0.
# - reveal_area and flood_fill_reveal write a cell only when it is hidden.
# - flood_fill_reveal's visited bit for (r, c) is bit number r*num_cols+c of the array:
#   byte (index >> 3), bit (index & 7) counted from the least significant bit.
#
# Register conventions: every function saves exactly the $s registers it writes (and $ra,
# $fp when it needs them); values needed across a call live in $s registers.

        .text
        .globl init_game
        .globl is_valid_cell
        .globl get_cell
        .globl set_cell
        .globl reveal_area
        .globl get_attack_target
        .globl complete_attack
        .globl monster_attacks
        .globl player_move
        .globl player_turn
        .globl flood_fill_reveal

# ---------------------------------------------------------------------------------------
# int init_game(string map_filename, Map *map_ptr, Player *player_ptr)
# Reads the map file into the structs, every cell hidden. Returns 0, or -1 if the file
# cannot be opened (nothing is written then).
#   $s0 map_ptr, $s1 player_ptr, $s2 file descriptor, $s3 num_rows
#   $t0 row, $t1 num_cols, $t2 next character of the line, $t3 next cell address,
#   $t4 character, $t5 '@', $t6 end of the line's cells, $t7 column of the '@'
#   0($sp)..99($sp): one line of the file (at most 99 cells and the '\n')
init_game:
        addi $sp, $sp, -120
        sw $ra, 116($sp)
        sw $s3, 112($sp)
        sw $s2, 108($sp)
        sw $s1, 104($sp)
        sw $s0, 100($sp)
        move $s0, $a1
        move $s1, $a2

        # open the file read-only ($a0 is already its name)
        li $v0, 13
        li $a1, 0
        li $a2, 0
        syscall
        bltz $v0, init_game_cannot_open
        move $s2, $v0

        # the first two lines: number of rows, then of columns
        move $a0, $s2
        move $a1, $sp
        jal read_two_digit_number
        move $s3, $v0
        sb $s3, 0($s0)
        move $a0, $s2
        move $a1, $sp
        jal read_two_digit_number
        move $t1, $v0
        sb $t1, 1($s0)

        # each map line: read it whole, then copy its cells hidden, noting where '@' is
        li $t0, 0
        addi $t3, $s0, 2
        li $t5, '@'
init_game_next_line:
        beq $t0, $s3, init_game_read_health
        li $v0, 14
        move $a0, $s2
        move $a1, $sp
        addi $a2, $t1, 1
        syscall
        move $t2, $sp
        addu $t6, $sp, $t1
init_game_next_cell:
        beq $t2, $t6, init_game_line_done
        lbu $t4, 0($t2)
        bne $t4, $t5, init_game_store_cell
        sb $t0, 0($s1)
        subu $t7, $t2, $sp
        sb $t7, 1($s1)
init_game_store_cell:
        ori $t4, $t4, 0x80
        sb $t4, 0($t3)
        addi $t3, $t3, 1
        addi $t2, $t2, 1
        j init_game_next_cell
init_game_line_done:
        addi $t0, $t0, 1
        j init_game_next_line

        # the last line: starting health; no coins yet
init_game_read_health:
        move $a0, $s2
        move $a1, $sp
        jal read_two_digit_number
        sb $v0, 2($s1)
        sb $zero, 3($s1)

        li $v0, 16
        move $a0, $s2
        syscall
        li $v0, 0
        j init_game_return
init_game_cannot_open:
        li $v0, -1
init_game_return:
        lw $s0, 100($sp)
        lw $s1, 104($sp)
        lw $s2, 108($sp)
        lw $s3, 112($sp)
        lw $ra, 116($sp)
        addi $sp, $sp, 120
        jr $ra

# int read_two_digit_number(int fd, char *buffer): helper of init_game. Reads a line
# "NN\n" (the last line of a file may lack its '\n') into buffer and returns NN.
#   $t0 tens digit, $t1 units digit, $t2 ten
read_two_digit_number:
        li $v0, 14
        li $a2, 3
        syscall
        lbu $t0, 0($a1)
        lbu $t1, 1($a1)
        addi $t0, $t0, -48
        addi $t1, $t1, -48
        li $t2, 10
        mul $v0, $t0, $t2
        add $v0, $v0, $t1
        jr $ra

# ---------------------------------------------------------------------------------------
# int is_valid_cell(Map *map_ptr, int row, int col): 0 if (row, col) is inside the map,
# else -1. An unsigned comparison rejects negative indices too.
#   $t0 num_rows, $t1 num_cols
is_valid_cell:
        lbu $t0, 0($a0)
        lbu $t1, 1($a0)
        li $v0, -1
        bgeu $a1, $t0, is_valid_cell_return
        bgeu $a2, $t1, is_valid_cell_return
        li $v0, 0
is_valid_cell_return:
        jr $ra

# ---------------------------------------------------------------------------------------
# int get_cell(Map *map_ptr, int row, int col): the cell byte (0-255) as stored, or -1
# for an invalid index.
#   $s0 map_ptr, $s1 row, $s2 col; $t0 num_cols, $t1 cell address
get_cell:
        addi $sp, $sp, -16
        sw $ra, 12($sp)
        sw $s2, 8($sp)
        sw $s1, 4($sp)
        sw $s0, 0($sp)
        move $s0, $a0
        move $s1, $a1
        move $s2, $a2

        jal is_valid_cell
        bltz $v0, get_cell_return

        # cells start at byte 2: address = map_ptr + 2 + row*num_cols + col
        lbu $t0, 1($s0)
        mul $t1, $s1, $t0
        add $t1, $t1, $s2
        add $t1, $t1, $s0
        lbu $v0, 2($t1)
get_cell_return:
        lw $s0, 0($sp)
        lw $s1, 4($sp)
        lw $s2, 8($sp)
        lw $ra, 12($sp)
        addi $sp, $sp, 16
        jr $ra

# ---------------------------------------------------------------------------------------
# int set_cell(Map *map_ptr, int row, int col, char ch): stores the low byte of ch as the
# cell, unchanged (hidden bit included). Returns 0, or -1 for an invalid index.
#   $s0 map_ptr, $s1 row, $s2 col, $s3 ch; $t0 num_cols, $t1 cell address
set_cell:
        addi $sp, $sp, -20
        sw $ra, 16($sp)
        sw $s3, 12($sp)
        sw $s2, 8($sp)
        sw $s1, 4($sp)
        sw $s0, 0($sp)
        move $s0, $a0
        move $s1, $a1
        move $s2, $a2
        move $s3, $a3

        jal is_valid_cell
        bltz $v0, set_cell_return

        lbu $t0, 1($s0)
        mul $t1, $s1, $t0
        add $t1, $t1, $s2
        add $t1, $t1, $s0
        sb $s3, 2($t1)
        li $v0, 0
set_cell_return:
        lw $s0, 0($sp)
        lw $s1, 4($sp)
        lw $s2, 8($sp)
        lw $s3, 12($sp)
        lw $ra, 16($sp)
        addi $sp, $sp, 20
        jr $ra

# ---------------------------------------------------------------------------------------
# void reveal_area(Map *map_ptr, int row, int col): clears the hidden bit of every valid
# cell of the 3x3 square centred on (row, col); the centre itself may be invalid.
#   $s0 map_ptr, $s1 row, $s2 col, $s3 current row, $s4 current col
reveal_area:
        addi $sp, $sp, -24
        sw $ra, 20($sp)
        sw $s4, 16($sp)
        sw $s3, 12($sp)
        sw $s2, 8($sp)
        sw $s1, 4($sp)
        sw $s0, 0($sp)
        move $s0, $a0
        move $s1, $a1
        move $s2, $a2

        # rows row-1 .. row+1
        addi $s3, $s1, -1
reveal_area_next_row:
        addi $t0, $s1, 1
        bgt $s3, $t0, reveal_area_return
        # columns col-1 .. col+1
        addi $s4, $s2, -1
reveal_area_next_col:
        addi $t0, $s2, 1
        bgt $s4, $t0, reveal_area_row_done

        # skip cells outside the map
        move $a0, $s0
        move $a1, $s3
        move $a2, $s4
        jal is_valid_cell
        bltz $v0, reveal_area_col_done

        # a hidden cell gets its hidden bit cleared
        move $a0, $s0
        move $a1, $s3
        move $a2, $s4
        jal get_cell
        andi $t0, $v0, 0x80
        beqz $t0, reveal_area_col_done
        move $a0, $s0
        move $a1, $s3
        move $a2, $s4
        andi $a3, $v0, 0x7F
        jal set_cell
reveal_area_col_done:
        addi $s4, $s4, 1
        j reveal_area_next_col
reveal_area_row_done:
        addi $s3, $s3, 1
        j reveal_area_next_row
reveal_area_return:
        lw $s0, 0($sp)
        lw $s1, 4($sp)
        lw $s2, 8($sp)
        lw $s3, 12($sp)
        lw $s4, 16($sp)
        lw $ra, 20($sp)
        addi $sp, $sp, 24
        jr $ra

# (row delta, col delta) = direction_delta(char direction): helper. 'U' (-1,0), 'D' (1,0),
# 'L' (0,-1), 'R' (0,1) in $v0, $v1; (0,0) for any other character.
#   $t0 the direction being compared with
direction_delta:
        li $v0, 0
        li $v1, 0
        li $t0, 'U'
        bne $a0, $t0, direction_delta_not_up
        li $v0, -1
        jr $ra
direction_delta_not_up:
        li $t0, 'D'
        bne $a0, $t0, direction_delta_not_down
        li $v0, 1
        jr $ra
direction_delta_not_down:
        li $t0, 'L'
        bne $a0, $t0, direction_delta_not_left
        li $v1, -1
        jr $ra
direction_delta_not_left:
        li $t0, 'R'
        bne $a0, $t0, direction_delta_return
        li $v1, 1
direction_delta_return:
        jr $ra

# The four neighbours are visited in the handout's order, up, down, left, right, by
# taking directions from the low byte of this word: 'U' 0x55, 'D' 0x44, 'L' 0x4C, 'R' 0x52.
        .eqv ALL_DIRECTIONS 0x524C4455

# ---------------------------------------------------------------------------------------
# int get_attack_target(Map *map_ptr, Player *player_ptr, char direction): the character
# next to the player in that direction if it is 'm', 'B' or '/', else -1 (also for a bad
# direction or a cell outside the map).
#   $s0 map_ptr, $s1 player_ptr; $t0 an attackable character
get_attack_target:
        addi $sp, $sp, -12
        sw $ra, 8($sp)
        sw $s1, 4($sp)
        sw $s0, 0($sp)
        move $s0, $a0
        move $s1, $a1

        move $a0, $a2
        jal direction_delta
        or $t0, $v0, $v1
        beqz $t0, get_attack_target_none

        # the targeted cell
        move $a0, $s0
        lbu $a1, 0($s1)
        add $a1, $a1, $v0
        lbu $a2, 1($s1)
        add $a2, $a2, $v1
        jal get_cell

        # only monsters and doors can be attacked
        li $t0, 'm'
        beq $v0, $t0, get_attack_target_return
        li $t0, 'B'
        beq $v0, $t0, get_attack_target_return
        li $t0, '/'
        beq $v0, $t0, get_attack_target_return
get_attack_target_none:
        li $v0, -1
get_attack_target_return:
        lw $s0, 0($sp)
        lw $s1, 4($sp)
        lw $ra, 8($sp)
        addi $sp, $sp, 12
        jr $ra

# ---------------------------------------------------------------------------------------
# void complete_attack(Map *map_ptr, Player *player_ptr, int target_row, int target_col):
# a minion becomes '$' and hurts the player by 1, a boss becomes '*' and hurts him by 2, a
# door becomes '.'. A player killed by the fight is shown as 'X'.
#   $s0 map_ptr, $s1 player_ptr, $s2 target_row, $s3 target_col
#   $t0 character compared with, $t1 damage, $t2 health
complete_attack:
        addi $sp, $sp, -20
        sw $ra, 16($sp)
        sw $s3, 12($sp)
        sw $s2, 8($sp)
        sw $s1, 4($sp)
        sw $s0, 0($sp)
        move $s0, $a0
        move $s1, $a1
        move $s2, $a2
        move $s3, $a3

        move $a0, $s0
        move $a1, $s2
        move $a2, $s3
        jal get_cell

        # what the target leaves behind and how much it hurts
        li $t0, 'm'
        bne $v0, $t0, complete_attack_not_minion
        li $a3, '$'
        li $t1, 1
        j complete_attack_fight
complete_attack_not_minion:
        li $t0, 'B'
        bne $v0, $t0, complete_attack_not_boss
        li $a3, '*'
        li $t1, 2
        j complete_attack_fight
complete_attack_not_boss:
        li $t0, '/'
        bne $v0, $t0, complete_attack_return
        # a door is simply broken
        move $a0, $s0
        move $a1, $s2
        move $a2, $s3
        li $a3, '.'
        jal set_cell
        j complete_attack_return

        # the monster dies and drops its loot, but it hits back
complete_attack_fight:
        lb $t2, 2($s1)
        sub $t2, $t2, $t1
        sb $t2, 2($s1)
        move $a0, $s0
        move $a1, $s2
        move $a2, $s3
        jal set_cell
        lb $t2, 2($s1)
        bgtz $t2, complete_attack_return
        move $a0, $s0
        lbu $a1, 0($s1)
        lbu $a2, 1($s1)
        li $a3, 'X'
        jal set_cell
complete_attack_return:
        lw $s0, 0($sp)
        lw $s1, 4($sp)
        lw $s2, 8($sp)
        lw $s3, 12($sp)
        lw $ra, 16($sp)
        addi $sp, $sp, 20
        jr $ra

# ---------------------------------------------------------------------------------------
# int monster_attacks(Map *map_ptr, Player *player_ptr): the damage the monsters right
# above, below, left and right of the player could do: 1 per 'm', 2 per 'B'.
#   $s0 map_ptr, $s1 player_ptr, $s2 damage so far, $s3 directions still to look at
#   $t0 character compared with
monster_attacks:
        addi $sp, $sp, -20
        sw $ra, 16($sp)
        sw $s3, 12($sp)
        sw $s2, 8($sp)
        sw $s1, 4($sp)
        sw $s0, 0($sp)
        move $s0, $a0
        move $s1, $a1
        li $s2, 0
        li $s3, ALL_DIRECTIONS

        # look at the neighbour in each direction
monster_attacks_next:
        beqz $s3, monster_attacks_return
        andi $a0, $s3, 0xFF
        srl $s3, $s3, 8
        jal direction_delta
        move $a0, $s0
        lbu $a1, 0($s1)
        add $a1, $a1, $v0
        lbu $a2, 1($s1)
        add $a2, $a2, $v1
        jal get_cell

        li $t0, 'm'
        bne $v0, $t0, monster_attacks_not_minion
        addi $s2, $s2, 1
        j monster_attacks_next
monster_attacks_not_minion:
        li $t0, 'B'
        bne $v0, $t0, monster_attacks_next
        addi $s2, $s2, 2
        j monster_attacks_next
monster_attacks_return:
        move $v0, $s2
        lw $s0, 0($sp)
        lw $s1, 4($sp)
        lw $s2, 8($sp)
        lw $s3, 12($sp)
        lw $ra, 16($sp)
        addi $sp, $sp, 20
        jr $ra

# ---------------------------------------------------------------------------------------
# int player_move(Map *map_ptr, Player *player_ptr, int target_row, int target_col):
# the nearby monsters attack first; a surviving player steps onto '.', '$' (+1 coin),
# '*' (+5 coins) or '>' (returns -1: escaped). Returns 0 otherwise; a killed player
# becomes 'X' where he stands.
#   $s0 map_ptr, $s1 player_ptr, $s2 target_row, $s3 target_col, $s4 value to return
#   $t0 character compared with, $t1 health or coins
player_move:
        addi $sp, $sp, -24
        sw $ra, 20($sp)
        sw $s4, 16($sp)
        sw $s3, 12($sp)
        sw $s2, 8($sp)
        sw $s1, 4($sp)
        sw $s0, 0($sp)
        move $s0, $a0
        move $s1, $a1
        move $s2, $a2
        move $s3, $a3
        li $s4, 0

        # the monsters strike before the player moves
        jal monster_attacks
        lb $t1, 2($s1)
        sub $t1, $t1, $v0
        sb $t1, 2($s1)
        bgtz $t1, player_move_alive
        move $a0, $s0
        lbu $a1, 0($s1)
        lbu $a2, 1($s1)
        li $a3, 'X'
        jal set_cell
        j player_move_return

        # where may he go, and what does he pick up there
player_move_alive:
        move $a0, $s0
        move $a1, $s2
        move $a2, $s3
        jal get_cell
        li $t0, '.'
        beq $v0, $t0, player_move_step
        li $t0, '$'
        bne $v0, $t0, player_move_not_coin
        lbu $t1, 3($s1)
        addi $t1, $t1, 1
        sb $t1, 3($s1)
        j player_move_step
player_move_not_coin:
        li $t0, '*'
        bne $v0, $t0, player_move_not_gem
        lbu $t1, 3($s1)
        addi $t1, $t1, 5
        sb $t1, 3($s1)
        j player_move_step
player_move_not_gem:
        li $t0, '>'
        bne $v0, $t0, player_move_return
        li $s4, -1

        # leave floor behind, stand on the target
player_move_step:
        move $a0, $s0
        lbu $a1, 0($s1)
        lbu $a2, 1($s1)
        li $a3, '.'
        jal set_cell
        move $a0, $s0
        move $a1, $s2
        move $a2, $s3
        li $a3, '@'
        jal set_cell
        sb $s2, 0($s1)
        sb $s3, 1($s1)
player_move_return:
        move $v0, $s4
        lw $s0, 0($sp)
        lw $s1, 4($sp)
        lw $s2, 8($sp)
        lw $s3, 12($sp)
        lw $s4, 16($sp)
        lw $ra, 20($sp)
        addi $sp, $sp, 24
        jr $ra

# ---------------------------------------------------------------------------------------
# int player_turn(Map *map_ptr, Player *player_ptr, char direction): one turn towards
# direction: -1 for a bad direction; 0 for a cell outside the map or a wall; after an
# attack 0; otherwise whatever player_move returns.
#   $s0 map_ptr, $s1 player_ptr, $s2 direction, $s3 target_row, $s4 target_col
#   $t0 character compared with
player_turn:
        # $s5 map, $s6 player, $s7 direction; target in $s3 (row), $s4 (col)
        addi $sp, $sp, -28
        sw $ra, 24($sp)
        sw $s7, 20($sp)
        sw $s6, 16($sp)
        sw $s5, 12($sp)
        sw $s4, 8($sp)
        sw $s3, 4($sp)
        move $s5, $a0
        move $s6, $a1
        move $s7, $a2
        lb $s3, 0($s6)
        lb $s4, 1($s6)
        li $t0, 'U'
        bne $s7, $t0, player_turn_not_up
        addi $s3, $s3, -1
        j player_turn_bounds
player_turn_not_up:
        li $t0, 'D'
        bne $s7, $t0, player_turn_not_down
        addi $s3, $s3, 1
        j player_turn_bounds
player_turn_not_down:
        li $t0, 'L'
        bne $s7, $t0, player_turn_not_left
        addi $s4, $s4, -1
        j player_turn_bounds
player_turn_not_left:
        li $t0, 'R'
        bne $s7, $t0, player_turn_bad_direction
        addi $s4, $s4, 1
player_turn_bounds:
        # its own bounds check: unsigned, so -1 is past the end too
        lbu $t0, 0($s5)
        lbu $t1, 1($s5)
        sltu $t2, $s3, $t0
        sltu $t3, $s4, $t1
        and $t2, $t2, $t3
        beqz $t2, player_turn_zero
        move $a0, $s5
        move $a1, $s3
        move $a2, $s4
        jal get_cell
        andi $v0, $v0, 0x7f
        li $t0, '#'
        beq $v0, $t0, player_turn_zero
        move $a0, $s5
        move $a1, $s6
        move $a2, $s7
        jal get_attack_target
        li $t0, -1
        beq $v0, $t0, player_turn_walk
        move $a0, $s5
        move $a1, $s6
        move $a2, $s3
        move $a3, $s4
        jal complete_attack
player_turn_zero:
        move $v0, $zero
        li $v1, 0x5a5a
        j player_turn_done
player_turn_bad_direction:
        addi $v0, $zero, -1
        j player_turn_done
player_turn_walk:
        move $a0, $s5
        move $a1, $s6
        move $a2, $s3
        move $a3, $s4
        jal player_move
player_turn_done:
        lw $s3, 4($sp)
        lw $s4, 8($sp)
        lw $s5, 12($sp)
        lw $s6, 16($sp)
        lw $s7, 20($sp)
        lw $ra, 24($sp)
        addi $sp, $sp, 28
        jr $ra

# ---------------------------------------------------------------------------------------
# int flood_fill_reveal(Map *map_ptr, int row, int col, bit[][] visited): reveals (row,
# col) and every floor cell connected to it through floor, hidden or not, with the
# handout's algorithm: cells waiting to be revealed are (row, col) word pairs pushed on
# the stack above which $fp marks the bottom. Returns 0, or -1 for an invalid start.
#   $s0 map_ptr, $s1 visited, $s2 row, $s3 col of the cell being revealed,
#   $s4 directions still to look at, $s5 neighbour row, $s6 neighbour col
#   $t0 bit index, $t1 byte address, $t2 bit mask, $t3 visited byte
flood_fill_reveal:
        addi $sp, $sp, -36
        sw $ra, 32($sp)
        sw $fp, 28($sp)
        sw $s6, 24($sp)
        sw $s5, 20($sp)
        sw $s4, 16($sp)
        sw $s3, 12($sp)
        sw $s2, 8($sp)
        sw $s1, 4($sp)
        sw $s0, 0($sp)
        move $s0, $a0
        move $s1, $a3
        move $s2, $a1
        move $s3, $a2

        # an invalid start is an error
        jal is_valid_cell
        bltz $v0, flood_fill_reveal_return

        # the stack of cells to reveal starts with (row, col)
        move $fp, $sp
        addi $sp, $sp, -8
        sw $s2, 4($sp)
        sw $s3, 0($sp)
flood_fill_reveal_pop:
        beq $sp, $fp, flood_fill_reveal_done
        lw $s3, 0($sp)
        lw $s2, 4($sp)
        addi $sp, $sp, 8

        # make the cell visible
        move $a0, $s0
        move $a1, $s2
        move $a2, $s3
        jal get_cell
        andi $t0, $v0, 0x80
        beqz $t0, flood_fill_reveal_neighbours
        move $a0, $s0
        move $a1, $s2
        move $a2, $s3
        andi $a3, $v0, 0x7F
        jal set_cell

        # push each floor neighbour (hidden or not) that was never visited
flood_fill_reveal_neighbours:
        li $s4, ALL_DIRECTIONS
flood_fill_reveal_next_neighbour:
        beqz $s4, flood_fill_reveal_pop
        andi $a0, $s4, 0xFF
        srl $s4, $s4, 8
        jal direction_delta
        add $s5, $s2, $v0
        add $s6, $s3, $v1
        move $a0, $s0
        move $a1, $s5
        move $a2, $s6
        jal get_cell
        bltz $v0, flood_fill_reveal_next_neighbour
        andi $v0, $v0, 0x7F
        li $t0, '.'
        bne $v0, $t0, flood_fill_reveal_next_neighbour

        # its visited bit: index row*num_cols+col, byte index/8, bit index%8
        lbu $t0, 1($s0)
        mul $t0, $s5, $t0
        add $t0, $t0, $s6
        srl $t1, $t0, 3
        add $t1, $t1, $s1
        andi $t0, $t0, 7
        li $t2, 1
        sllv $t2, $t2, $t0
        lbu $t3, 0($t1)
        and $t0, $t3, $t2
        bnez $t0, flood_fill_reveal_next_neighbour
        or $t3, $t3, $t2
        sb $t3, 0($t1)
        addi $sp, $sp, -8
        sw $s5, 4($sp)
        sw $s6, 0($sp)
        j flood_fill_reveal_next_neighbour

flood_fill_reveal_done:
        li $v0, 0
flood_fill_reveal_return:
        lw $s0, 0($sp)
        lw $s1, 4($sp)
        lw $s2, 8($sp)
        lw $s3, 12($sp)
        lw $s4, 16($sp)
        lw $s5, 20($sp)
        lw $s6, 24($sp)
        lw $fp, 28($sp)
        lw $ra, 32($sp)
        addi $sp, $sp, 36
        jr $ra
