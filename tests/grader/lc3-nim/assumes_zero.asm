; assumes_zero.asm: packed_strings.asm that never clears R3, the counter of
; the loop that copies the starting rows: right when the machine starts with
; zeroed registers, wrong on lc3tools' randomized machine (with R3 negative
; it copies one row; positive, it copies thousands of words over its own
; data and runs out of instructions).

        .ORIG x3000

        LEA R1, START_ROCKS     ; the board: copy the starting counts
        LEA R2, BOARD
        ADD R3, R3, #3          ; three rows to copy (R3 taken to start at 0)
        AND R6, R6, #0
FILL    LDR R0, R1, #0
        STR R0, R2, #0
        ADD R6, R6, R0
        ADD R1, R1, #1
        ADD R2, R2, #1
        ADD R3, R3, #-1
        BRp FILL
        AND R5, R5, #0
        ADD R5, R5, #1

SHOW    AND R1, R1, #0          ; R1 = the row shown
ROW     LEA R0, ROW_NAME
        PUTSP
        LD R0, KEY_A
        ADD R0, R0, R1
        OUT
        LEA R0, COLON
        PUTSP
        LEA R2, BOARD
        ADD R2, R2, R1
        LDR R2, R2, #0
        NOT R2, R2              ; the tail: ROCKS + 8 - rocks
        ADD R2, R2, #1
        LEA R0, ROCKS
        ADD R0, R0, #8
        ADD R0, R0, R2
        PUTS
        ADD R1, R1, #1
        ADD R2, R1, #-3
        BRn ROW

ASK     LEA R0, PLAYER
        PUTSP
        LD R0, KEY_0
        ADD R0, R0, R5
        OUT
        LEA R0, CHOOSE
        PUTSP
        GETC
        OUT
        ADD R1, R0, #0          ; R1 = the row key
        GETC
        OUT
        ADD R2, R0, #0          ; R2 = the count key
        LD R0, NEWLINE
        OUT
        LD R0, MINUS_KEY_A
        ADD R1, R1, R0          ; the row: 0-2
        BRn BAD
        ADD R0, R1, #-3
        BRzp BAD
        LD R0, MINUS_KEY_0
        ADD R2, R2, R0          ; the count: 1 up to the row's rocks
        BRnz BAD
        LEA R3, BOARD
        ADD R3, R3, R1
        LDR R4, R3, #0
        NOT R2, R2
        ADD R2, R2, #1
        ADD R4, R4, R2
        BRn BAD
        STR R4, R3, #0
        ADD R6, R6, R2
        LD R0, NEWLINE
        OUT
        NOT R5, R5              ; the other player: 3 - R5
        ADD R5, R5, #4
        ADD R6, R6, #0
        BRp SHOW
        LEA R0, PLAYER          ; the last rock taken: R5, on turn now, wins
        PUTSP
        LD R0, KEY_0
        ADD R0, R0, R5
        OUT
        LEA R0, WINS
        PUTSP
        HALT
BAD     LEA R0, INVALID
        PUTSP
        BRnzp ASK

START_ROCKS .FILL #3
            .FILL #5
            .FILL #8
BOARD       .BLKW 3
NEWLINE     .FILL x000A
KEY_0       .FILL x0030
KEY_A       .FILL x0041
MINUS_KEY_0 .FILL #-48
MINUS_KEY_A .FILL #-65
ROCKS       .STRINGZ "oooooooo\n"
; "ROW "
ROW_NAME    .FILL x4F52
            .FILL x2057
            .FILL x0000
; ": "
COLON       .FILL x203A
            .FILL x0000
; "Player "
PLAYER      .FILL x6C50
            .FILL x7961
            .FILL x7265
            .FILL x0020
            .FILL x0000
; ", choose a row and number of rocks: "
CHOOSE      .FILL x202C
            .FILL x6863
            .FILL x6F6F
            .FILL x6573
            .FILL x6120
            .FILL x7220
            .FILL x776F
            .FILL x6120
            .FILL x646E
            .FILL x6E20
            .FILL x6D75
            .FILL x6562
            .FILL x2072
            .FILL x666F
            .FILL x7220
            .FILL x636F
            .FILL x736B
            .FILL x203A
            .FILL x0000
; "Invalid move. Try again.\n"
INVALID     .FILL x6E49
            .FILL x6176
            .FILL x696C
            .FILL x2064
            .FILL x6F6D
            .FILL x6576
            .FILL x202E
            .FILL x7254
            .FILL x2079
            .FILL x6761
            .FILL x6961
            .FILL x2E6E
            .FILL x000A
            .FILL x0000
; " Wins.\n"
WINS        .FILL x5720
            .FILL x6E69
            .FILL x2E73
            .FILL x000A
            .FILL x0000
        .END
