; Sums an array of four words that is never filled: .BLKW reserves
; memory without writing it (lc3sim and lc3tools hold 0 there, a real
; machine or another simulator whatever was there before).
        .ORIG x3000
        AND R0, R0, #0
        LEA R1, ARRAY
        AND R2, R2, #0
        ADD R2, R2, #4
SUM     LDR R3, R1, #0
        ADD R0, R0, R3
        ADD R1, R1, #1
        ADD R2, R2, #-1
        BRp SUM
        LD R1, ASCII_0
        ADD R0, R0, R1
        OUT
        HALT
ASCII_0 .FILL x30
ARRAY   .BLKW 4
        .END
