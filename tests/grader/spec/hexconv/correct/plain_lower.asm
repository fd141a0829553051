; plain_lower.asm: a correct solution of the LC-3 lab "decimal in,
; hexadecimal out" (reference-asm/lc3/hexconv/README.md), written apart
; from the reference, in the handout's second form: no x, lower-case
; digits (`Hex: 00b4`). The digits are found by subtracting 4096, 256 and
; 16 as often as they go.
        .ORIG x3000
        LEA R0, ASK
        PUTS
        AND R5, R5, #0
KEY     GETC
        ADD R1, R0, #-10
        BRz SHOW
        ADD R2, R5, R5          ; 2n
        ADD R5, R2, R2          ; 4n
        ADD R5, R5, R5          ; 8n
        ADD R5, R5, R2          ; 10n
        LD R1, MINUS0
        ADD R0, R0, R1
        ADD R5, R5, R0
        BRnzp KEY
SHOW    LEA R0, HEX
        PUTS
        ADD R2, R5, #0          ; what is left to print
        LEA R3, PLACES          ; -4096, -256, -16, -1, then 0
PLACE   LDR R4, R3, #0
        BRz END
        AND R1, R1, #0          ; this place's digit
SUB     ADD R6, R2, R4
        BRn PRINT
        ADD R2, R6, #0
        ADD R1, R1, #1
        BRnzp SUB
PRINT   ADD R0, R1, #-10
        BRn DEC
        LD R0, LOWER            ; 'a' - 10
        BRnzp EMIT
DEC     LD R0, ZERO
EMIT    ADD R0, R0, R1
        OUT
        ADD R3, R3, #1
        BRnzp PLACE
END     AND R0, R0, #0
        ADD R0, R0, #10
        OUT
        HALT
ASK     .STRINGZ "Number? "
HEX     .STRINGZ "\nHex: "
PLACES  .FILL #-4096
        .FILL #-256
        .FILL #-16
        .FILL #-1
        .FILL #0
MINUS0  .FILL #-48
LOWER   .FILL #87
ZERO    .FILL #48
        .END
