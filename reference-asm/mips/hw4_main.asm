# hw4_main.asm: plays MipsHack with the functions of hw4.asm, as the handout's main file
# does. Run from the project root, this file first:
#     mipssim reference-asm/mips/hw4_main.asm reference-asm/mips/hw4.asm [--args MAP]
# The map is maps/map3.txt, or the program's first argument when it has one.
# Keys: w a s d move or attack up, left, down, right; r reveals the floor connected to the
# hero (flood fill). Any other key is answered with a reminder of the keys and changes
# nothing; Enter alone (from a terminal) is skipped. From a pipe each line is one key.

        .data
default_map_file: .asciiz "maps/map3.txt"

# Sized for the largest legal map: both dimensions are two digits, so 99 x 99.
        .align 2
player:         .space 4                  # row, col, health, coins
map:            .space 9804               # num_rows, num_cols, 99*99 cells, whole words
        .align 2
visited:        .space 1228               # 99*99 bits, rounded up to whole words
        .eqv VISITED_WORDS 307

welcome_text:   .asciiz "Welcome to MipsHack! Collect at least 3 coins and escape through the exit '>'.\nKeys: w a s d move or attack, r reveals the floor around you.\n"
open_error_text: .asciiz "Could not read the map file "
health_text:    .asciiz "Health: "
coins_text:     .asciiz "  Coins: "
prompt_text:    .asciiz "Your move: "
unknown_key_text: .asciiz "Unknown key: use w a s d to move or attack, r to reveal.\n"
won_text:       .asciiz "Congratulations! Sir CodesALot escaped the dungeon with his loot.\n"
died_text:      .asciiz "You died. The dungeon claims another hero.\n"
failed_text:    .asciiz "You escaped, but with fewer than 3 coins: you failed.\n"

        .text
# main: $s0 map file name, $s1 the last turn's result (0: keep playing, -1: escaped),
#       $s2 the key pressed. main never returns, so it saves nothing.
main:
        # the map file: argv[0] if the program was given an argument
        la $s0, default_map_file
        blez $a0, main_welcome
        lw $s0, 0($a1)
main_welcome:
        li $v0, 4
        la $a0, welcome_text
        syscall

        # empty structs, then the map file
        la $a0, player
        li $a1, 1
        jal clear_words
        la $a0, map
        li $a1, 2451
        jal clear_words
        move $a0, $s0
        la $a1, map
        la $a2, player
        jal init_game
        bltz $v0, main_cannot_open

        # the hero sees his surroundings
        la $a0, map
        la $t0, player
        lbu $a1, 0($t0)
        lbu $a2, 1($t0)
        jal reveal_area
        li $s1, 0

        # one turn per key while the hero lives and has not escaped
main_turn:
        la $t0, player
        lb $t1, 2($t0)
        blez $t1, main_game_over
        bnez $s1, main_game_over
        jal print_map
        jal print_player_info
        li $v0, 4
        la $a0, prompt_text
        syscall
main_read_key:
        li $v0, 12
        syscall
        move $s2, $v0
        li $t0, '\n'
        beq $s2, $t0, main_read_key
        li $t0, '\r'
        beq $s2, $t0, main_read_key
        # echo the key: neither a terminal nor a pipe shows it otherwise
        li $v0, 11
        move $a0, $s2
        syscall
        li $v0, 11
        li $a0, '\n'
        syscall

        # the key's direction, if it is a move
        li $a2, 'U'
        li $t0, 'w'
        beq $s2, $t0, main_player_turn
        li $a2, 'L'
        li $t0, 'a'
        beq $s2, $t0, main_player_turn
        li $a2, 'D'
        li $t0, 's'
        beq $s2, $t0, main_player_turn
        li $a2, 'R'
        li $t0, 'd'
        beq $s2, $t0, main_player_turn
        li $t0, 'r'
        beq $s2, $t0, main_flood_fill
        li $v0, 4
        la $a0, unknown_key_text
        syscall
        j main_turn_done
main_player_turn:
        la $a0, map
        la $a1, player
        jal player_turn
        move $s1, $v0
        j main_turn_done
main_flood_fill:
        # flood_fill_reveal expects a visited array of zeros each time
        la $a0, visited
        li $a1, VISITED_WORDS
        jal clear_words
        la $a0, map
        la $t0, player
        lbu $a1, 0($t0)
        lbu $a2, 1($t0)
        la $a3, visited
        jal flood_fill_reveal
main_turn_done:
        bnez $s1, main_turn
        la $a0, map
        la $t0, player
        lbu $a1, 0($t0)
        lbu $a2, 1($t0)
        jal reveal_area
        j main_turn

        # the final map and the verdict
main_game_over:
        jal print_map
        la $t0, player
        lb $t1, 2($t0)
        lbu $t2, 3($t0)
        la $a0, died_text
        blez $t1, main_verdict
        la $a0, failed_text
        blt $t2, 3, main_verdict
        la $a0, won_text
main_verdict:
        li $v0, 4
        syscall
        jal print_player_info
        li $v0, 10
        syscall

main_cannot_open:
        li $v0, 4
        la $a0, open_error_text
        syscall
        li $v0, 4
        move $a0, $s0
        syscall
        li $v0, 11
        li $a0, '\n'
        syscall
        li $v0, 17
        li $a0, 1
        syscall

# void clear_words(int *words, int count): sets count words to zero.
clear_words:
        blez $a1, clear_words_return
        sw $zero, 0($a0)
        addi $a0, $a0, 4
        addi $a1, $a1, -1
        j clear_words
clear_words_return:
        jr $ra

# void print_map(): prints the map, a hidden cell as a space, a blank line before it.
#   $t0 map, $t1 num_rows, $t2 num_cols, $t3 row, $t4 col, $t5 next cell address
print_map:
        li $v0, 11
        li $a0, '\n'
        syscall
        la $t0, map
        lbu $t1, 0($t0)
        lbu $t2, 1($t0)
        addi $t5, $t0, 2
        li $t3, 0
print_map_next_row:
        beq $t3, $t1, print_map_return
        li $t4, 0
print_map_next_cell:
        beq $t4, $t2, print_map_row_done
        lbu $a0, 0($t5)
        andi $t6, $a0, 0x80
        beqz $t6, print_map_print_cell
        li $a0, ' '
print_map_print_cell:
        li $v0, 11
        syscall
        addi $t5, $t5, 1
        addi $t4, $t4, 1
        j print_map_next_cell
print_map_row_done:
        li $v0, 11
        li $a0, '\n'
        syscall
        addi $t3, $t3, 1
        j print_map_next_row
print_map_return:
        jr $ra

# void print_player_info(): "Health: H  Coins: C" on one line.
#   $t0 player
print_player_info:
        la $t0, player
        li $v0, 4
        la $a0, health_text
        syscall
        li $v0, 1
        lb $a0, 2($t0)
        syscall
        li $v0, 4
        la $a0, coins_text
        syscall
        li $v0, 1
        lbu $a0, 3($t0)
        syscall
        li $v0, 11
        li $a0, '\n'
        syscall
        jr $ra
