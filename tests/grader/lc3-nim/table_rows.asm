; table_rows.asm: Nim for two players (rows A = 3, B = 5, C = 8 rocks; whoever
; takes the last rock loses), written for the grader's proofs.
;
; The board is a table of three counts indexed by the row (0, 1, 2), with a
; table of the rows' labels beside it. Strings go out with PUTS. Every
; subroutine keeps the registers it changes, except its results, in save
; words of its own (no recursion, so one block each is enough).
;
; Registers in the main loop: R5 = the player on turn (1 or 2).

        .ORIG x3000

        AND R5, R5, #0
        ADD R5, R5, #1          ; Player 1 starts
BOARD   JSR SHOW_BOARD
TURN    JSR PROMPT
        JSR READ_MOVE           ; R1 = row key, R2 = count key
        JSR CHECK_MOVE          ; R0 = 1 and R3 = row, R4 = rocks when valid
        ADD R0, R0, #0
        BRp TAKE
        LEA R0, INVALID
        PUTS
        BRnzp TURN
TAKE    LEA R0, COUNTS
        ADD R0, R0, R3
        LDR R1, R0, #0
        NOT R4, R4
        ADD R4, R4, #1
        ADD R1, R1, R4
        STR R1, R0, #0
        LD R0, NEWLINE          ; the blank line after a valid move
        OUT
        NOT R5, R5              ; the other player: 3 - R5
        ADD R5, R5, #4
        JSR ROCKS_LEFT          ; R0 = rocks on the board
        ADD R0, R0, #0
        BRp BOARD
        LEA R0, PLAYER          ; the mover took the last rock: R5 wins
        PUTS
        LD R0, ZERO_KEY
        ADD R0, R0, R5
        OUT
        LEA R0, WINS
        PUTS
        HALT

; SHOW_BOARD: prints the three rows, "ROW X: " and one 'o' per rock.
SHOW_BOARD
        ST R0, SB_R0
        ST R1, SB_R1
        ST R2, SB_R2
        ST R3, SB_R3
        ST R7, SB_R7
        AND R1, R1, #0          ; R1 = the row
SB_ROW  LEA R2, LABELS
        ADD R2, R2, R1
        LDR R0, R2, #0
        PUTS
        LEA R2, COUNTS
        ADD R2, R2, R1
        LDR R3, R2, #0          ; R3 = rocks still to draw
        LD R0, ROCK
SB_ROCK ADD R3, R3, #-1
        BRn SB_EOL
        OUT
        BRnzp SB_ROCK
SB_EOL  LD R0, NEWLINE
        OUT
        ADD R1, R1, #1
        ADD R2, R1, #-3
        BRn SB_ROW
        LD R0, SB_R0
        LD R1, SB_R1
        LD R2, SB_R2
        LD R3, SB_R3
        LD R7, SB_R7
        RET
SB_R0   .BLKW 1
SB_R1   .BLKW 1
SB_R2   .BLKW 1
SB_R3   .BLKW 1
SB_R7   .BLKW 1

; PROMPT: "Player N, choose a row and number of rocks: " for N = R5.
PROMPT  ST R0, PR_R0
        ST R7, PR_R7
        LEA R0, PLAYER
        PUTS
        LD R0, ZERO_KEY
        ADD R0, R0, R5
        OUT
        LEA R0, CHOOSE
        PUTS
        LD R0, PR_R0
        LD R7, PR_R7
        RET
PR_R0   .BLKW 1
PR_R7   .BLKW 1

; READ_MOVE: two keys, each echoed, then a newline. R1 = first, R2 = second.
READ_MOVE
        ST R0, RM_R0
        ST R7, RM_R7
        GETC
        OUT
        ADD R1, R0, #0
        GETC
        OUT
        ADD R2, R0, #0
        LD R0, NEWLINE
        OUT
        LD R0, RM_R0
        LD R7, RM_R7
        RET
RM_R0   .BLKW 1
RM_R7   .BLKW 1

; CHECK_MOVE: is R1 a row letter A-C and R2 a digit from 1 to that row's
; rocks? R0 = 1 (with R3 = row index, R4 = rocks to take) or R0 = 0.
CHECK_MOVE
        LD R0, MINUS_A
        ADD R3, R1, R0
        BRn CM_NO
        ADD R0, R3, #-2
        BRp CM_NO
        LD R0, MINUS_ZERO
        ADD R4, R2, R0
        BRnz CM_NO
        LEA R0, COUNTS
        ADD R0, R0, R3
        LDR R0, R0, #0
        NOT R0, R0
        ADD R0, R0, #1
        ADD R0, R0, R4          ; taken - left
        BRp CM_NO
        AND R0, R0, #0
        ADD R0, R0, #1
        RET
CM_NO   AND R0, R0, #0
        RET

; ROCKS_LEFT: R0 = the rocks of all three rows.
ROCKS_LEFT
        ST R1, RL_R1
        LD R0, COUNTS
        LD R1, COUNTS_B
        ADD R0, R0, R1
        LD R1, COUNTS_C
        ADD R0, R0, R1
        LD R1, RL_R1
        RET
RL_R1   .BLKW 1

COUNTS   .FILL #3
COUNTS_B .FILL #5
COUNTS_C .FILL #8
LABELS   .FILL LABEL_A
         .FILL LABEL_B
         .FILL LABEL_C
NEWLINE  .FILL x000A
ROCK     .FILL x006F
ZERO_KEY .FILL x0030
MINUS_ZERO .FILL #-48
MINUS_A  .FILL #-65
LABEL_A  .STRINGZ "ROW A: "
LABEL_B  .STRINGZ "ROW B: "
LABEL_C  .STRINGZ "ROW C: "
PLAYER   .STRINGZ "Player "
CHOOSE   .STRINGZ ", choose a row and number of rocks: "
INVALID  .STRINGZ "Invalid move. Try again.\n"
WINS     .STRINGZ " Wins.\n"
        .END
