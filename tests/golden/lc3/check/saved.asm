; The loop keeps its counter in R3, and PRINT_DIGIT borrows R3 without
; saving it: the loop prints one digit and ends early.
        .ORIG x3000
        AND R3, R3, #0
        ADD R3, R3, #3          ; three digits to print
LOOP    ADD R0, R3, #0
        JSR PRINT_DIGIT
        ADD R3, R3, #-1
        BRp LOOP
        HALT
PRINT_DIGIT
        LD R3, ASCII_0          ; borrows R3 for the offset
        ADD R0, R0, R3
        OUT
        LD R0, NEWLINE
        ADD R3, R7, #0          ; keep R7 across OUT
        OUT
        ADD R7, R3, #0
        AND R3, R3, #0          ; R3 = 0
        RET
ASCII_0 .FILL x30
NEWLINE .FILL x0A
        .END
