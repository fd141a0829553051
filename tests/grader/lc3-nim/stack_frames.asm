; stack_frames.asm: Nim for two players (rows A = 3, B = 5, C = 8 rocks;
; whoever takes the last rock loses), written for the grader's proofs.
;
; Every subroutine pushes what it changes on a stack (R6, set up here: the
; machine's own R6 is not trusted) and pops it before RET. Strings are
; printed one character at a time by PRINT with OUT, never PUTS. The rows
; are three named words, the rocks left a running total, the player on
; turn the ASCII digit in PLAYER_KEY.

        .ORIG x3000

MAIN    LD R6, STACK_TOP
GAME    JSR DRAW_BOARD
ASK     JSR ASK_MOVE            ; R1 = row key, R2 = count key
        JSR ROW_ADDRESS         ; R3 = the row's word, or 0 for no row
        ADD R3, R3, #0
        BRz REJECT
        LDR R4, R3, #0          ; R4 = rocks in the row
        LD R0, DIGIT_BASE
        ADD R2, R2, R0          ; R2 = the count as a number
        BRnz REJECT
        NOT R0, R2
        ADD R0, R0, #1
        ADD R4, R4, R0          ; R4 = rocks left after the move
        BRn REJECT
        STR R4, R3, #0
        LD R4, TOTAL
        ADD R4, R4, R0
        ST R4, TOTAL
        LD R0, LF
        OUT
        LD R0, PLAYER_KEY       ; switch: '1' + '2' - key
        NOT R0, R0
        ADD R0, R0, #1
        LD R1, KEY_SUM
        ADD R0, R0, R1
        ST R0, PLAYER_KEY
        ADD R4, R4, #0
        BRp GAME
        LEA R0, PLAYER_TEXT     ; the player now on turn did not take the last rock
        JSR PRINT
        LD R0, PLAYER_KEY
        OUT
        LEA R0, WIN_TEXT
        JSR PRINT
        HALT
REJECT  LEA R0, BAD_TEXT
        JSR PRINT
        BRnzp ASK

STACK_TOP  .FILL x5000
DIGIT_BASE .FILL #-48
KEY_SUM    .FILL #99            ; '1' + '2'
PLAYER_KEY .FILL x0031
TOTAL      .FILL #16
ROW_A      .FILL #3
ROW_B      .FILL #5
ROW_C      .FILL #8
LF         .FILL x000A

; PRINT: the zero-ended string at R0, one OUT per character.
PRINT   ADD R6, R6, #-2
        STR R7, R6, #0
        STR R1, R6, #1
        ADD R1, R0, #0
PR_NEXT LDR R0, R1, #0
        BRz PR_DONE
        OUT
        ADD R1, R1, #1
        BRnzp PR_NEXT
PR_DONE ADD R0, R1, #0          ; R0 is not kept: point it at the end
        LDR R1, R6, #1
        LDR R7, R6, #0
        ADD R6, R6, #2
        RET

; DRAW_BOARD: "ROW X: " and the rocks, for the three rows.
DRAW_BOARD
        ADD R6, R6, #-4
        STR R7, R6, #0
        STR R0, R6, #1
        STR R1, R6, #2
        STR R2, R6, #3
        LEA R0, ROW_TEXT_A
        LD R1, ROW_A
        JSR DRAW_ROW
        LEA R0, ROW_TEXT_B
        LD R1, ROW_B
        JSR DRAW_ROW
        LEA R0, ROW_TEXT_C
        LD R1, ROW_C
        JSR DRAW_ROW
        LDR R2, R6, #3
        LDR R1, R6, #2
        LDR R0, R6, #1
        LDR R7, R6, #0
        ADD R6, R6, #4
        RET

; DRAW_ROW: the label at R0, then R1 rocks, then a newline. Changes R0, R1.
DRAW_ROW
        ADD R6, R6, #-1
        STR R7, R6, #0
        JSR PRINT
        LD R0, ROCK
DR_LOOP ADD R1, R1, #-1
        BRn DR_END
        OUT
        BRnzp DR_LOOP
DR_END  LD R0, LF
        OUT
        LDR R7, R6, #0
        ADD R6, R6, #1
        RET

; ASK_MOVE: the prompt, two echoed keys (R1, R2) and a newline.
ASK_MOVE
        ADD R6, R6, #-2
        STR R7, R6, #0
        STR R0, R6, #1
        LEA R0, PLAYER_TEXT
        JSR PRINT
        LD R0, PLAYER_KEY
        OUT
        LEA R0, CHOOSE_TEXT
        JSR PRINT
        GETC
        OUT
        ADD R1, R0, #0
        GETC
        OUT
        ADD R2, R0, #0
        LD R0, LF
        OUT
        LDR R0, R6, #1
        LDR R7, R6, #0
        ADD R6, R6, #2
        RET

; ROW_ADDRESS: R3 = the address of the row named by key R1 ('A'-'C'), or 0.
ROW_ADDRESS
        ADD R6, R6, #-1
        STR R0, R6, #0
        AND R3, R3, #0
        LD R0, MINUS_KEY_A
        ADD R0, R1, R0
        BRn RA_DONE
        BRz RA_A
        ADD R0, R0, #-1
        BRz RA_B
        ADD R0, R0, #-1
        BRnp RA_DONE
        LEA R3, ROW_C
        BRnzp RA_DONE
RA_A    LEA R3, ROW_A
        BRnzp RA_DONE
RA_B    LEA R3, ROW_B
RA_DONE LDR R0, R6, #0
        ADD R6, R6, #1
        RET

MINUS_KEY_A .FILL #-65
ROCK        .FILL x006F
ROW_TEXT_A  .STRINGZ "ROW A: "
ROW_TEXT_B  .STRINGZ "ROW B: "
ROW_TEXT_C  .STRINGZ "ROW C: "
PLAYER_TEXT .STRINGZ "Player "
CHOOSE_TEXT .STRINGZ ", choose a row and number of rocks: "
BAD_TEXT    .STRINGZ "Invalid move. Try again.\n"
WIN_TEXT    .STRINGZ " Wins.\n"
        .END
