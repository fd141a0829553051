# nim.asm: Nim against the computer (seed 001), for MARS 4.5.
#
# Two people, named at the start, and the computer take turns, in that order,
# removing 1 to 3 stones from one pile whose size the user enters; whoever
# takes the last stone wins (the seed's main: "CHECK if total is 0: winner
# is ..."). On a person's turn they choose, from a menu, to type how many
# stones to take or to let a random pick take them; the computer takes 2
# stones when the pile is divisible by 3 and 1 otherwise (playGameAI).
#
# Run:  mipssim nim.asm [--args SEED]   (in MARS: pa SEED)
# A decimal SEED as the first program argument makes the random picks
# repeatable (syscall 40); without it the clock seeds them (syscall 30).
#
# Numbers are read as lines (syscall 8) and parsed (input.asm): syscall 5 stops MARS
# with a runtime error on anything but a number. Every invalid answer is
# explained and asked again.
#
# Where the seed's pseudo-code is loose:
#   - validValue: a move takes 1 to 3 stones and never more than are left.
#     (The pseudo-code's "total <= stones: return 0" would let a player win
#     by asking for 3 of 2 stones; asking again is the clearer rule.)
#   - The random pick draws from 1 to min(3, stones left), so it is always a
#     legal move; as any move that empties the pile, it can win.
#   - The menu accepts 1 or 2 only; a pile holds 1 to MAX_PILE stones; a
#     name must not be blank.
#
# Functions: main, player_turn, computer_turn, read_name, print_stones, and
# from input.asm read_number, parse_int, seed_random. Each saves the $s registers and $ra
# it uses on the stack; arguments in $a0-$a2, results in $v0 (and $v1).

        .eqv    MAX_PILE 1000
        .eqv    NAME_SIZE 32            # bytes per name, NUL included

        .data
name1:          .space  NAME_SIZE
name2:          .space  NAME_SIZE

intro:          .asciiz "Nim: two players and the computer take turns removing 1 to 3 stones\nfrom one pile. Whoever takes the last stone wins.\n\n"
ask_player1:    .asciiz "Enter the name of player 1: "
ask_player2:    .asciiz "Enter the name of player 2: "
ask_pile:       .asciiz "Enter the number of stones in the pile"
blank_name:     .asciiz "A name cannot be blank. Please try again.\n"
turn_of:        .asciiz "'s turn: "
computer_turn_msg: .asciiz "\nThe computer's turn: "
left_msg:       .asciiz " left.\n"
menu:           .asciiz "  1. Choose how many stones to take\n  2. Take a random number of stones\n"
ask_option:     .asciiz "Your option"
ask_stones:     .asciiz "How many stones do you take"
too_many:       .asciiz "You cannot take more than "
random_pick:    .asciiz "The random pick is "
takes:          .asciiz " takes "
computer_takes: .asciiz "The computer takes "
period_nl:      .asciiz ".\n"
winner_is:      .asciiz "\nThe winner is "
computer_name:  .asciiz "the computer"
exclaim_nl:     .asciiz "!\n"
stone_word:     .asciiz " stone"
stones_word:    .asciiz " stones"

        .text
        .globl  main

# ------------------------------------------------------------------ main
# The seed's main: names, pile size, then rounds of player 1, player 2 and
# the computer until one of them empties the pile.
# In: $a0 = argc, $a1 = argv (program arguments, as MARS's pa passes them).
# Registers: $s0 = stones left, $s1 = name of whoever moved last.
main:
        jal     seed_random

        li      $v0, 4
        la      $a0, intro
        syscall
        la      $a0, ask_player1
        la      $a1, name1
        jal     read_name
        la      $a0, ask_player2
        la      $a1, name2
        jal     read_name
        la      $a0, ask_pile
        li      $a1, 1
        li      $a2, MAX_PILE
        jal     read_number
        move    $s0, $v0

        # One round; each move is checked at once for an empty pile.
round:
        la      $s1, name1
        move    $a0, $s1
        move    $a1, $s0
        jal     player_turn
        move    $s0, $v0
        beqz    $s0, game_over

        la      $s1, name2
        move    $a0, $s1
        move    $a1, $s0
        jal     player_turn
        move    $s0, $v0
        beqz    $s0, game_over

        la      $s1, computer_name
        move    $a0, $s0
        jal     computer_turn
        move    $s0, $v0
        bnez    $s0, round

        # Whoever emptied the pile wins.
game_over:
        li      $v0, 4
        la      $a0, winner_is
        syscall
        move    $a0, $s1
        syscall
        la      $a0, exclaim_nl
        syscall
        li      $v0, 10
        syscall

# ----------------------------------------------------------- player_turn
# The seed's playGamePlayer and inputOption: shows whose turn it is, offers
# the menu, and takes the stones typed or picked at random.
# In: $a0 = player's name, $a1 = stones left (at least 1).
# Out: $v0 = stones left after the move.
# Registers: $s0 = name, $s1 = stones left, $s2 = most stones a random
# pick may take (min(3, left)), $s3 = stones taken.
player_turn:
        addiu   $sp, $sp, -20
        sw      $ra, 16($sp)
        sw      $s0, 12($sp)
        sw      $s1, 8($sp)
        sw      $s2, 4($sp)
        sw      $s3, 0($sp)
        move    $s0, $a0
        move    $s1, $a1

        # "Display player details": name and stones left, then the menu.
        li      $v0, 11
        li      $a0, '\n'
        syscall
        li      $v0, 4
        move    $a0, $s0
        syscall
        la      $a0, turn_of
        syscall
        move    $a0, $s1
        jal     print_stones
        li      $v0, 4
        la      $a0, left_msg
        syscall
        la      $a0, menu
        syscall

        # The random pick's limit: 3, or fewer when fewer are left.
        li      $s2, 3
        ble     $s2, $s1, pt_ask_option
        move    $s2, $s1
pt_ask_option:
        la      $a0, ask_option
        li      $a1, 1
        li      $a2, 2
        jal     read_number
        bne     $v0, 1, pt_random

        # Option 1: the player types 1 to 3 stones, but no more than are left.
pt_ask_stones:
        la      $a0, ask_stones
        li      $a1, 1
        li      $a2, 3
        jal     read_number
        move    $s3, $v0
        ble     $s3, $s1, pt_take
        li      $v0, 4
        la      $a0, too_many
        syscall
        move    $a0, $s1
        jal     print_stones
        li      $v0, 4
        la      $a0, period_nl
        syscall
        b       pt_ask_stones

        # Option 2: a random pick from 1 to the limit.
pt_random:
        li      $v0, 42
        li      $a0, 0                  # random stream 0, seeded by seed_random
        move    $a1, $s2
        syscall                         # $a0 = 0 .. limit-1
        addiu   $s3, $a0, 1
        li      $v0, 4
        la      $a0, random_pick
        syscall
        li      $v0, 1
        move    $a0, $s3
        syscall
        li      $v0, 4
        la      $a0, period_nl
        syscall

        # Report the move; never more than are left, so no clamping to 0.
pt_take:
        li      $v0, 4
        move    $a0, $s0
        syscall
        la      $a0, takes
        syscall
        move    $a0, $s3
        jal     print_stones
        li      $v0, 4
        la      $a0, period_nl
        syscall
        subu    $v0, $s1, $s3

        lw      $s3, 0($sp)
        lw      $s2, 4($sp)
        lw      $s1, 8($sp)
        lw      $s0, 12($sp)
        lw      $ra, 16($sp)
        addiu   $sp, $sp, 20
        jr      $ra

# --------------------------------------------------------- computer_turn
# The seed's playGameAI: 2 stones when the pile is divisible by 3, else 1.
# A pile divisible by 3 holds at least 3, so the move never takes more than
# are left, and "total <= stones: return 0" is plain subtraction.
# In: $a0 = stones left (at least 1). Out: $v0 = stones left after the move.
# Registers: $s0 = stones left, $s1 = stones taken.
computer_turn:
        addiu   $sp, $sp, -12
        sw      $ra, 8($sp)
        sw      $s0, 4($sp)
        sw      $s1, 0($sp)
        move    $s0, $a0

        li      $v0, 4
        la      $a0, computer_turn_msg
        syscall
        move    $a0, $s0
        jal     print_stones
        li      $v0, 4
        la      $a0, left_msg
        syscall

        # The rule itself.
        li      $s1, 1
        li      $t0, 3
        divu    $s0, $t0
        mfhi    $t0                     # stones left mod 3
        bnez    $t0, ct_take
        li      $s1, 2
ct_take:
        li      $v0, 4
        la      $a0, computer_takes
        syscall
        move    $a0, $s1
        jal     print_stones
        li      $v0, 4
        la      $a0, period_nl
        syscall
        subu    $v0, $s0, $s1

        lw      $s1, 0($sp)
        lw      $s0, 4($sp)
        lw      $ra, 8($sp)
        addiu   $sp, $sp, 12
        jr      $ra

# ------------------------------------------------------------- read_name
# Asks for a name until a line that is not blank is typed; the line end is
# removed (a name longer than NAME_SIZE-1 characters is cut there).
# In: $a0 = prompt, $a1 = buffer of NAME_SIZE bytes.
# Registers: $s0 = prompt, $s1 = buffer; $t0 = character pointer,
# $t1 = character, $t2 = 1 once a character other than a space is seen.
read_name:
        addiu   $sp, $sp, -12
        sw      $ra, 8($sp)
        sw      $s0, 4($sp)
        sw      $s1, 0($sp)
        move    $s0, $a0
        move    $s1, $a1
rd_ask:
        li      $v0, 4
        move    $a0, $s0
        syscall
        li      $v0, 8
        move    $a0, $s1
        li      $a1, NAME_SIZE
        syscall

        # Cut the line end off and note whether anything visible was typed.
        move    $t0, $s1
        li      $t2, 0
rd_scan:
        lbu     $t1, 0($t0)
        beqz    $t1, rd_scanned
        beq     $t1, '\n', rd_cut
        beq     $t1, '\r', rd_cut
        beq     $t1, ' ', rd_next
        beq     $t1, '\t', rd_next
        li      $t2, 1
rd_next:
        addiu   $t0, $t0, 1
        b       rd_scan
rd_cut:
        sb      $zero, 0($t0)
rd_scanned:
        bnez    $t2, rd_done
        li      $v0, 4
        la      $a0, blank_name
        syscall
        b       rd_ask
rd_done:
        lw      $s1, 0($sp)
        lw      $s0, 4($sp)
        lw      $ra, 8($sp)
        addiu   $sp, $sp, 12
        jr      $ra

# ---------------------------------------------------------- print_stones
# Prints "N stone" or "N stones".
# In: $a0 = N. Registers: $t0 = N.
print_stones:
        move    $t0, $a0
        li      $v0, 1
        syscall
        li      $v0, 4
        la      $a0, stones_word
        bne     $t0, 1, ps_print
        la      $a0, stone_word
ps_print:
        syscall
        jr      $ra

        .include "input.asm"
