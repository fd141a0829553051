; Bytes over x7F are zero-extended, as the book's characters are: the
; first .STRINGZ byte of "é" (xC3), a .FILL xE9 and the key xE9 each print P
; (not negative). lc3tools sign-extends the string byte and the key and
; prints "NPN"; both print the quote and backslash strings alike.
        .ORIG x3000
        LD R0, S
        JSR SHOW
        LD R0, F
        JSR SHOW
        GETC
        JSR SHOW
        LEA R0, Q
        PUTS
        LEA R0, B
        PUTS
        HALT
SHOW    ADD R0, R0, #0
        BRn NEG
        LD R0, CP
        BR PR
NEG     LD R0, CN
PR      ST R7, SV
        OUT
        LD R7, SV
        RET
SV      .BLKW 1
CP      .FILL x50
CN      .FILL x4E
F       .FILL xE9
Q       .STRINGZ "a\"b|"
B       .STRINGZ "c\\d|"
S       .STRINGZ "é"
        .END
