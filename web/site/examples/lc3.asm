; Reads a key and prints it back three times (TRAPs through the LC-3 OS).
        .ORIG x3000
        LEA R0, ASK
        PUTS
        GETC
        ADD R1, R0, #0      ; the key
        AND R2, R2, #0
        ADD R2, R2, #3      ; three times
AGAIN   ADD R0, R1, #0
        OUT
        ADD R2, R2, #-1
        BRp AGAIN
        LD R0, NEWLINE
        OUT
        HALT
ASK     .STRINGZ "Type a key: "
NEWLINE .FILL x000A
        .END
