# table_game.asm: the n x n table game of seed 004, for MARS 4.5.
#
# The program asks for n (2 to 8), fills an n x n table with random values,
# and two players take turns choosing a cell by its row and column (both
# counted from 0). The chosen cell, the other cells of its column and the
# other cells of its row each lose 1, except cells that are already 0 (rules
# A-D). As soon as a row, a column or one of the two diagonals adds up to 0,
# the player who just moved wins.
#
# This follows the seed's C program function by function: init, getRowCol,
# show_square, process, sumRow, sumColumn, sumDiagonal1/2, endGame and main,
# with its prompts in English. Differences, and why:
#   - Cell values are 0 to 8, as the seed's text says; its C code
#     (rand()%9+1) gives 1 to 9.
#   - n, the row and the column are validated and asked again; the C
#     program trusts scanf. Numbers are read as lines (syscall 8) and parsed
#     by input.asm (included at the end), since syscall 5 stops MARS with a
#     runtime error on a non-number.
#   - At the end the program also says which line adds up to 0.
#   - As in the C program, the table is only checked after a move, so a
#     table generated with a zero line is still played once.
#
# Run:  mipssim table_game.asm [--args SEED]   (in MARS: pa SEED)
# A decimal SEED as the first program argument makes the table repeatable
# (syscall 40); without it the clock seeds it (syscall 30).
#
# The table is the C program's square[8][8] of words (row r, column c at
# square + 32*r + 4*c); the size n is the word `size`, like the C global.
# Functions save the $s registers and $ra they use on the stack; arguments
# in $a0-$a2, results in $v0 (and $v1).

        .eqv    MAX_SIZE 8
        .eqv    ROW_BYTES 32            # MAX_SIZE words

        .data
square:         .space  256             # MAX_SIZE * ROW_BYTES
size:           .word   0

ask_size:       .asciiz "Enter the size of table"
generated_a:    .asciiz "A "
generated_x:    .asciiz " X "
generated_b:    .asciiz " table is generated and the values of the cells are >\n"
values_are:     .asciiz "\nThe values of the cells in the table are >\n"
cell_pad:       .asciiz "    "      # %5d for the one-digit values 0-8
turn_msg:       .asciiz "\nTurn > Player "
ask_row:        .asciiz "Please enter the row number"
ask_column:     .asciiz "Please enter the column number"
row_zero:       .asciiz "\nRow "
column_zero:    .asciiz "\nColumn "
adds_to_zero:   .asciiz " adds up to 0."
diagonal1_zero: .asciiz "\nThe diagonal from the top left corner adds up to 0."
diagonal2_zero: .asciiz "\nThe diagonal from the top right corner adds up to 0."
player_msg:     .asciiz "\nPlayer "
wins_msg:       .asciiz " wins the game.\n"
period_nl:      .asciiz ".\n"

        .text
        .globl  main

# ------------------------------------------------------------------ main
# The C program's main: size, table, then turns until endGame.
# In: $a0 = argc, $a1 = argv (program arguments, as MARS's pa passes them).
# Registers: $s0 = player to move (1 or 2; the C program's turn%2+1),
# $s1 = row chosen, $s2 = column chosen, $s3 = n - 1.
main:
        jal     seed_random

        la      $a0, ask_size
        li      $a1, 2
        li      $a2, MAX_SIZE
        jal     read_number
        sw      $v0, size
        addiu   $s3, $v0, -1
        jal     init

        # "A n X n table is generated and the values of the cells are >"
        li      $v0, 4
        la      $a0, generated_a
        syscall
        li      $v0, 1
        lw      $a0, size
        syscall
        li      $v0, 4
        la      $a0, generated_x
        syscall
        li      $v0, 1
        lw      $a0, size
        syscall
        li      $v0, 4
        la      $a0, generated_b
        syscall
        jal     show_square

        # One turn: getRowCol, process, show_square, endGame.
        li      $s0, 1
turn:
        li      $v0, 4
        la      $a0, turn_msg
        syscall
        li      $v0, 1
        move    $a0, $s0
        syscall
        li      $v0, 11
        li      $a0, '\n'
        syscall

        la      $a0, ask_row
        li      $a1, 0
        move    $a2, $s3
        jal     read_number
        move    $s1, $v0
        la      $a0, ask_column
        li      $a1, 0
        move    $a2, $s3
        jal     read_number
        move    $s2, $v0

        move    $a0, $s1
        move    $a1, $s2
        jal     process
        jal     show_square
        jal     end_game
        bnez    $v0, game_over
        xori    $s0, $s0, 3             # 1 <-> 2
        b       turn

        # Say which line is 0, then that the player who moved wins.
game_over:
        move    $s1, $v1                # the line's index
        li      $t0, 1
        beq     $v0, $t0, go_row
        li      $t0, 2
        beq     $v0, $t0, go_column
        li      $t0, 3
        beq     $v0, $t0, go_diagonal1
        li      $v0, 4
        la      $a0, diagonal2_zero
        syscall
        b       go_winner
go_diagonal1:
        li      $v0, 4
        la      $a0, diagonal1_zero
        syscall
        b       go_winner
go_row:
        li      $v0, 4
        la      $a0, row_zero
        syscall
        b       go_index
go_column:
        li      $v0, 4
        la      $a0, column_zero
        syscall
go_index:
        li      $v0, 1
        move    $a0, $s1
        syscall
        li      $v0, 4
        la      $a0, adds_to_zero
        syscall
go_winner:
        li      $v0, 4
        la      $a0, player_msg
        syscall
        li      $v0, 1
        move    $a0, $s0
        syscall
        li      $v0, 4
        la      $a0, wins_msg
        syscall
        li      $v0, 10
        syscall

# ------------------------------------------------------------------ init
# Fills the n x n corner of the table with random values 0-8 (the seed's
# text; its C code's rand()%9+1 would give 1-9).
# Registers: $t0 = row, $t1 = column, $t2 = n, $t3 = cell address.
init:
        lw      $t2, size
        li      $t0, 0
in_row:
        li      $t1, 0
in_cell:
        li      $v0, 42
        li      $a0, 0                  # random stream 0, seeded by seed_random
        li      $a1, 9
        syscall                         # $a0 = 0 .. 8
        mul     $t3, $t0, ROW_BYTES
        sll     $t4, $t1, 2
        addu    $t3, $t3, $t4
        sw      $a0, square($t3)
        addiu   $t1, $t1, 1
        blt     $t1, $t2, in_cell
        addiu   $t0, $t0, 1
        blt     $t0, $t2, in_row
        jr      $ra

# ----------------------------------------------------------- show_square
# Prints the heading and the table, each value right-aligned in 5 columns
# as the C program's "%5d" (the values are single digits, 0-8).
# Registers: $t0 = row, $t1 = column, $t2 = n, $t3 = cell offset.
show_square:
        lw      $t2, size
        li      $v0, 4
        la      $a0, values_are
        syscall
        li      $t0, 0
ss_row:
        li      $t1, 0
ss_cell:
        li      $v0, 4
        la      $a0, cell_pad
        syscall
        mul     $t3, $t0, ROW_BYTES
        sll     $t4, $t1, 2
        addu    $t3, $t3, $t4
        li      $v0, 1
        lw      $a0, square($t3)
        syscall
        addiu   $t1, $t1, 1
        blt     $t1, $t2, ss_cell
        li      $v0, 11
        li      $a0, '\n'
        syscall
        addiu   $t0, $t0, 1
        blt     $t0, $t2, ss_row
        jr      $ra

# --------------------------------------------------------------- process
# The C program's process(row, column): every cell of the column, the
# chosen one included, loses 1, then every other cell of the row; so the
# chosen cell loses 1 once. Cells at 0 stay 0 (rule A).
# In: $a0 = row, $a1 = column.
# Registers: $t0 = loop index, $t2 = n, $t3 = cell offset, $t4 = value,
# $t5 = offset of the row's first cell, $t6 = column * 4.
process:
        lw      $t2, size
        mul     $t5, $a0, ROW_BYTES
        sll     $t6, $a1, 2

        # The column: square[r][column] for every r.
        li      $t0, 0
pr_column:
        mul     $t3, $t0, ROW_BYTES
        addu    $t3, $t3, $t6
        lw      $t4, square($t3)
        blez    $t4, pr_column_next
        addiu   $t4, $t4, -1
        sw      $t4, square($t3)
pr_column_next:
        addiu   $t0, $t0, 1
        blt     $t0, $t2, pr_column

        # The row: square[row][c] for every c but the chosen column.
        li      $t0, 0
pr_row:
        beq     $t0, $a1, pr_row_next
        sll     $t3, $t0, 2
        addu    $t3, $t3, $t5
        lw      $t4, square($t3)
        blez    $t4, pr_row_next
        addiu   $t4, $t4, -1
        sw      $t4, square($t3)
pr_row_next:
        addiu   $t0, $t0, 1
        blt     $t0, $t2, pr_row
        jr      $ra

# -------------------------------------------------------------- end_game
# The C program's endGame, saying which line ended it: the first line
# adding up to 0 in the order rows, columns, diagonal (0,0)-(n-1,n-1),
# diagonal (0,n-1)-(n-1,0).
# Out: $v0 = 0 (none), 1 (a row), 2 (a column), 3 or 4 (diagonal 1 or 2);
# $v1 = the row's or column's index.
# Registers: $t0 = line index, $t1 = position along the line, $t2 = n,
# $t3 = cell offset, $t4 = sum, $t5 = cell value, $t6 = offset step,
# $t7 = offset of the line's first cell.
end_game:
        lw      $t2, size

        # Rows: start at 32*r, step 4.
        li      $v0, 1
        li      $t6, 4
        li      $t0, 0
eg_row:
        mul     $t7, $t0, ROW_BYTES
        b       eg_sum
eg_row_next:
        addiu   $t0, $t0, 1
        blt     $t0, $t2, eg_row

        # Columns: start at 4*c, step 32.
        li      $v0, 2
        li      $t6, ROW_BYTES
        li      $t0, 0
eg_column:
        sll     $t7, $t0, 2
        b       eg_sum
eg_column_next:
        addiu   $t0, $t0, 1
        blt     $t0, $t2, eg_column

        # Diagonal 1: start at 0, step 36; diagonal 2: start at 4*(n-1), step 28.
        li      $v0, 3
        li      $t6, 36
        li      $t7, 0
        b       eg_sum
eg_diagonal2:
        li      $v0, 4
        li      $t6, 28
        addiu   $t7, $t2, -1
        sll     $t7, $t7, 2
        b       eg_sum
eg_none:
        li      $v0, 0
        jr      $ra

        # The sum of n cells from $t7 in steps of $t6; 0 ends the game,
        # otherwise the search goes on after the kind of line in $v0.
eg_sum:
        li      $t4, 0
        li      $t1, 0
        move    $t3, $t7
eg_sum_cell:
        lw      $t5, square($t3)
        addu    $t4, $t4, $t5
        addu    $t3, $t3, $t6
        addiu   $t1, $t1, 1
        blt     $t1, $t2, eg_sum_cell
        beqz    $t4, eg_found
        li      $t5, 1
        beq     $v0, $t5, eg_row_next
        li      $t5, 2
        beq     $v0, $t5, eg_column_next
        li      $t5, 3
        beq     $v0, $t5, eg_diagonal2
        b       eg_none
eg_found:
        move    $v1, $t0
        jr      $ra

        .include "input.asm"
