# input.asm: reading whole numbers from the console and seeding the random
# stream, shared by nim.asm and table_game.asm (each .includes it at its
# end, in its text segment; MARS resolves the name beside the including
# file).
#
# Numbers are read as lines (syscall 8) and parsed here: syscall 5 stops
# MARS with a runtime error on anything but a number.

        .eqv    INPUT_LINE_SIZE 64      # bytes of the input line buffer

        .data
rn_line:             .space  INPUT_LINE_SIZE
rn_open:             .asciiz " ("
rn_dash:             .asciiz "-"
rn_close:            .asciiz "): "
rn_not_a_number:     .asciiz "That is not a whole number. Please try again.\n"
rn_out_of_range_msg: .asciiz "Please enter a number from "
rn_to:               .asciiz " to "
rn_period:           .asciiz ".\n"
sr_bad_seed:         .asciiz "The seed argument is not a decimal number; seeding from the clock.\n"

        .text

# ----------------------------------------------------------- read_number
# Prints "PROMPT (LO-HI): " and reads a line until it holds a whole number
# from LO to HI, saying what was wrong with each other answer.
# In: $a0 = prompt, $a1 = LO, $a2 = HI. Out: $v0 = the number.
# Registers: $s0 = prompt, $s1 = LO, $s2 = HI.
read_number:
        addiu   $sp, $sp, -16
        sw      $ra, 12($sp)
        sw      $s0, 8($sp)
        sw      $s1, 4($sp)
        sw      $s2, 0($sp)
        move    $s0, $a0
        move    $s1, $a1
        move    $s2, $a2
rn_ask:
        li      $v0, 4
        move    $a0, $s0
        syscall
        la      $a0, rn_open
        syscall
        li      $v0, 1
        move    $a0, $s1
        syscall
        li      $v0, 4
        la      $a0, rn_dash
        syscall
        li      $v0, 1
        move    $a0, $s2
        syscall
        li      $v0, 4
        la      $a0, rn_close
        syscall

        li      $v0, 8
        la      $a0, rn_line
        li      $a1, INPUT_LINE_SIZE
        syscall
        la      $a0, rn_line
        jal     parse_int
        beqz    $v1, rn_not_number
        blt     $v0, $s1, rn_out_of_range
        bgt     $v0, $s2, rn_out_of_range

        lw      $s2, 0($sp)
        lw      $s1, 4($sp)
        lw      $s0, 8($sp)
        lw      $ra, 12($sp)
        addiu   $sp, $sp, 16
        jr      $ra

rn_not_number:
        li      $v0, 4
        la      $a0, rn_not_a_number
        syscall
        b       rn_ask
rn_out_of_range:
        li      $v0, 4
        la      $a0, rn_out_of_range_msg
        syscall
        li      $v0, 1
        move    $a0, $s1
        syscall
        li      $v0, 4
        la      $a0, rn_to
        syscall
        li      $v0, 1
        move    $a0, $s2
        syscall
        li      $v0, 4
        la      $a0, rn_period
        syscall
        b       rn_ask

# ------------------------------------------------------------- parse_int
# Reads a decimal integer from a string: spaces, an optional sign, at least
# one digit, then only spaces and the line end. Past nine digits the value
# sticks at 1000000000 (no overflow; out of every range this program asks).
# In: $a0 = string. Out: $v0 = value, $v1 = 1 when it is a number, else 0.
# Registers: $t0 = character pointer, $t1 = character, $t2 = sign (1 or -1),
# $t3 = digits seen, $t4 = the largest value that may take another digit.
parse_int:
        move    $t0, $a0
        li      $v0, 0
        li      $v1, 0
        li      $t2, 1
        li      $t3, 0
        li      $t4, 99999999

        # Leading spaces, then the sign.
pi_lead:
        lbu     $t1, 0($t0)
        beq     $t1, ' ', pi_lead_next
        bne     $t1, '\t', pi_sign
pi_lead_next:
        addiu   $t0, $t0, 1
        b       pi_lead
pi_sign:
        beq     $t1, '+', pi_sign_next
        bne     $t1, '-', pi_digits
        li      $t2, -1
pi_sign_next:
        addiu   $t0, $t0, 1

        # The digits.
pi_digits:
        lbu     $t1, 0($t0)
        blt     $t1, '0', pi_trail
        bgt     $t1, '9', pi_trail
        addiu   $t3, $t3, 1
        addiu   $t1, $t1, -48
        bgt     $v0, $t4, pi_saturate
        mul     $v0, $v0, 10
        addu    $v0, $v0, $t1
        b       pi_digit_next
pi_saturate:
        li      $v0, 1000000000
pi_digit_next:
        addiu   $t0, $t0, 1
        b       pi_digits

        # Nothing but spaces and the line end may follow.
pi_trail:
        beqz    $t3, pi_done
pi_trail_loop:
        lbu     $t1, 0($t0)
        beqz    $t1, pi_ok
        beq     $t1, ' ', pi_trail_next
        beq     $t1, '\t', pi_trail_next
        beq     $t1, '\n', pi_trail_next
        bne     $t1, '\r', pi_done
pi_trail_next:
        addiu   $t0, $t0, 1
        b       pi_trail_loop
pi_ok:
        mul     $v0, $v0, $t2
        li      $v1, 1
pi_done:
        jr      $ra

# ----------------------------------------------------------- seed_random
# Seeds random stream 0 from the first program argument (a decimal number)
# so that a game can be replayed, or from the clock when there is none.
# In: $a0 = argc, $a1 = argv.
seed_random:
        addiu   $sp, $sp, -4
        sw      $ra, 0($sp)
        blez    $a0, sr_clock
        lw      $a0, 0($a1)             # argv[0]
        jal     parse_int
        move    $a1, $v0
        bnez    $v1, sr_seed
        li      $v0, 4
        la      $a0, sr_bad_seed
        syscall
sr_clock:
        li      $v0, 30
        syscall                         # $a0 = low 32 bits of the time in ms
        move    $a1, $a0
sr_seed:
        li      $v0, 40
        li      $a0, 0
        syscall
        lw      $ra, 0($sp)
        addiu   $sp, $sp, 4
        jr      $ra
