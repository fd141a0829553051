; nim.asm: the game of Nim for two players, as the LC-3 assignment asks.
;
; Three rows of rocks (A = 3, B = 5, C = 8). Players 1 and 2 take turns
; removing one or more rocks from a single row, typed as a capital row
; letter and one digit (no Enter); whoever takes the last rock loses.
;
; Structure
;   MAIN          shows the board, then loops: get a valid move, take the
;                 rocks, print a blank line, and either show the board and
;                 switch players or (no rocks left) announce the other player
;                 as the winner and HALT.
;   GET_MOVE      prompts, reads two keys (each GETC followed by OUT), ends
;                 the line, and repeats with "Invalid move. Try again." until
;                 VALIDATE accepts the move.
;   VALIDATE      checks a row key and a count key against the board.
;   TAKE_ROCKS    removes the rocks of a valid move.
;   ROCKS_LEFT    counts the rocks on the whole board.
;   SHOW_BOARD    prints the three rows, one SHOW_ROW each.
;   PRINT_PLAYER  prints "Player N" for the player whose turn it is.
;   SWITCH_PLAYER makes it the other player's turn.
;
; Conventions: every subroutine saves the registers it changes in its own
; save words (no recursion, so one set per subroutine suffices) and restores
; them before RET, except R0, which carries its result (VALIDATE's verdict,
; ROCKS_LEFT's count): R1-R6 come back as they were at the call, the
; textbook's habit and what lc3sim --check expects by default. A move goes
; from GET_MOVE to TAKE_ROCKS in two words, MOVE_ROW and MOVE_COUNT. R7 is
; saved by every subroutine that calls another one or a TRAP, so the code is
; also correct on machines where TRAP writes the return address into R7.
;
; Output framing (from the assignment's example game): the board is three
; lines; a prompt is followed by the two echoed keys and a newline; an
; invalid move prints its message and the same prompt again; a valid move is
; followed by one blank line and then the new board or the winner's line.

        .ORIG x3000

; ---------------------------------------------------------------- main
MAIN    JSR SHOW_BOARD
TURN    JSR GET_MOVE            ; the move, in MOVE_ROW and MOVE_COUNT
        JSR TAKE_ROCKS
        LD R0, NEWLINE          ; the blank line after every valid move
        OUT
        JSR ROCKS_LEFT
        ADD R0, R0, #0          ; RET leaves no useful condition codes
        BRz GAME_OVER
        JSR SHOW_BOARD
        JSR SWITCH_PLAYER
        BRnzp TURN

GAME_OVER
        JSR SWITCH_PLAYER       ; the mover took the last rock: the other wins
        JSR PRINT_PLAYER
        LEA R0, WINS_MSG
        PUTS
        HALT

; ------------------------------------------------------------ GET_MOVE
; Prompts the current player until a valid move is typed.
; Out: MOVE_ROW = row index (0 = A, 1 = B, 2 = C), MOVE_COUNT = rocks to take.
GET_MOVE
        ST R1, GM_R1
        ST R2, GM_R2
        ST R7, GM_R7
GM_TRY  JSR PRINT_PLAYER
        LEA R0, PROMPT_MSG
        PUTS
        GETC                    ; the row letter, echoed as typed
        OUT
        ADD R1, R0, #0
        GETC                    ; the count digit, echoed as typed
        OUT
        ADD R2, R0, #0
        LD R0, NEWLINE          ; no Enter is typed, so end the line here
        OUT
        JSR VALIDATE
        ADD R0, R0, #0
        BRp GM_DONE
        LEA R0, INVALID_MSG
        PUTS
        BRnzp GM_TRY
GM_DONE LD R1, GM_R1
        LD R2, GM_R2
        LD R7, GM_R7
        RET

GM_R1   .BLKW 1
GM_R2   .BLKW 1
GM_R7   .BLKW 1

; ------------------------------------------------------------ VALIDATE
; In:  R1 = row key, R2 = count key (ASCII, as typed).
; Out: R0 = 1 when the move is legal: the row is 'A', 'B' or 'C' (capital
;      only) and the count is a digit '1'..'9' not larger than the rocks
;      left in that row; MOVE_ROW and MOVE_COUNT then hold the row index
;      and the count. R0 = 0 otherwise.
VALIDATE
        ST R3, VA_R3
        ST R4, VA_R4
        ST R5, VA_R5
        AND R0, R0, #0          ; invalid until every check has passed
        LD R3, NEG_CHAR_A
        ADD R3, R1, R3          ; R3 = row index
        BRn VA_DONE             ; below 'A'
        ADD R5, R3, #-3
        BRzp VA_DONE            ; above 'C'
        LD R4, NEG_CHAR_0
        ADD R4, R2, R4          ; R4 = count
        BRnz VA_DONE            ; '0' or below: a move takes at least one rock
        ADD R5, R4, #-9
        BRp VA_DONE             ; above '9'
        LEA R5, ROCKS
        ADD R5, R5, R3
        LDR R5, R5, #0          ; R5 = rocks left in the row
        NOT R0, R4
        ADD R0, R0, #1          ; R0 = -count, for this subtraction only
        ADD R5, R5, R0          ; rocks left - count
        AND R0, R0, #0          ; back to "invalid"; this sets Z, so...
        ADD R5, R5, #0          ; ...test the difference again
        BRn VA_DONE             ; more than the row holds (any move on an empty row)
        ST R3, MOVE_ROW
        ST R4, MOVE_COUNT
        ADD R0, R0, #1
VA_DONE LD R3, VA_R3
        LD R4, VA_R4
        LD R5, VA_R5
        RET

VA_R3   .BLKW 1
VA_R4   .BLKW 1
VA_R5   .BLKW 1

; ---------------------------------------------------------- TAKE_ROCKS
; In: MOVE_ROW, MOVE_COUNT (a move VALIDATE accepted).
TAKE_ROCKS
        ST R1, TR_R1
        ST R2, TR_R2
        LEA R1, ROCKS
        LD R2, MOVE_ROW
        ADD R1, R1, R2          ; R1 = address of the row's count
        LD R2, MOVE_COUNT
        NOT R2, R2
        ADD R2, R2, #1          ; R2 = -count
        LDR R0, R1, #0
        ADD R0, R0, R2
        STR R0, R1, #0
        LD R1, TR_R1
        LD R2, TR_R2
        RET

TR_R1   .BLKW 1
TR_R2   .BLKW 1

; ---------------------------------------------------------- ROCKS_LEFT
; Out: R0 = rocks left on the whole board.
ROCKS_LEFT
        ST R1, RL_R1
        ST R2, RL_R2
        LEA R1, ROCKS
        LDR R0, R1, #0
        LDR R2, R1, #1
        ADD R0, R0, R2
        LDR R2, R1, #2
        ADD R0, R0, R2
        LD R1, RL_R1
        LD R2, RL_R2
        RET

RL_R1   .BLKW 1
RL_R2   .BLKW 1

; ---------------------------------------------------------- SHOW_BOARD
; Prints "ROW A: ooo", "ROW B: ...", "ROW C: ...", one line each.
SHOW_BOARD
        ST R1, SB_R1
        ST R2, SB_R2
        ST R7, SB_R7
        AND R1, R1, #0          ; R1 = row index, 0 to 2
SB_ROW  JSR SHOW_ROW
        ADD R1, R1, #1
        ADD R2, R1, #-3
        BRn SB_ROW
        LD R1, SB_R1
        LD R2, SB_R2
        LD R7, SB_R7
        RET

SB_R1   .BLKW 1
SB_R2   .BLKW 1
SB_R7   .BLKW 1

; ------------------------------------------------------------ SHOW_ROW
; In: R1 = row index. Prints "ROW X: " and one 'o' per rock, then a newline
; (an empty row keeps the space after the colon, as in the example).
SHOW_ROW
        ST R0, SR_R0
        ST R2, SR_R2
        ST R7, SR_R7
        LEA R0, ROW_MSG
        PUTS
        LD R0, CHAR_A
        ADD R0, R0, R1          ; the row's letter
        OUT
        LEA R0, COLON_MSG
        PUTS
        LEA R2, ROCKS
        ADD R2, R2, R1
        LDR R2, R2, #0          ; R2 = rocks left to draw
        LD R0, ROCK_CHAR
        BRnzp SR_TEST
SR_ROCK OUT
        ADD R2, R2, #-1
SR_TEST ADD R2, R2, #0
        BRp SR_ROCK
        LD R0, NEWLINE
        OUT
        LD R0, SR_R0
        LD R2, SR_R2
        LD R7, SR_R7
        RET

SR_R0   .BLKW 1
SR_R2   .BLKW 1
SR_R7   .BLKW 1

; -------------------------------------------------------- PRINT_PLAYER
; Prints "Player N" for the player whose turn it is.
PRINT_PLAYER
        ST R0, PP_R0
        ST R1, PP_R1
        ST R7, PP_R7
        LEA R0, PLAYER_MSG
        PUTS
        LD R0, PLAYER
        LD R1, CHAR_0
        ADD R0, R0, R1          ; 1 or 2 as an ASCII digit
        OUT
        LD R0, PP_R0
        LD R1, PP_R1
        LD R7, PP_R7
        RET

PP_R0   .BLKW 1
PP_R1   .BLKW 1
PP_R7   .BLKW 1

; ------------------------------------------------------- SWITCH_PLAYER
; PLAYER := 3 - PLAYER, so 1 becomes 2 and 2 becomes 1.
SWITCH_PLAYER
        ST R0, SP_R0
        LD R0, PLAYER
        NOT R0, R0
        ADD R0, R0, #4          ; -PLAYER - 1 + 4
        ST R0, PLAYER
        LD R0, SP_R0
        RET

SP_R0   .BLKW 1

; ---------------------------------------------------------------- data
ROCKS   .FILL #3                ; row A
        .FILL #5                ; row B
        .FILL #8                ; row C
PLAYER  .FILL #1                ; whose turn it is: Player 1 goes first
MOVE_ROW    .BLKW 1             ; the move GET_MOVE read: row index
MOVE_COUNT  .BLKW 1             ; ...and rocks to take

NEWLINE     .FILL x000A
ROCK_CHAR   .FILL x006F         ; 'o'
CHAR_A      .FILL x0041         ; 'A'
CHAR_0      .FILL x0030         ; '0'
NEG_CHAR_A  .FILL xFFBF         ; -'A'
NEG_CHAR_0  .FILL xFFD0         ; -'0'

ROW_MSG     .STRINGZ "ROW "
COLON_MSG   .STRINGZ ": "
PLAYER_MSG  .STRINGZ "Player "
PROMPT_MSG  .STRINGZ ", choose a row and number of rocks: "
INVALID_MSG .STRINGZ "Invalid move. Try again.\n"
WINS_MSG    .STRINGZ " Wins.\n"

        .END
