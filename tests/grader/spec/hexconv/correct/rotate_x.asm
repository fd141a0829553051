; rotate_x.asm: a correct solution of the LC-3 lab "decimal in,
; hexadecimal out" (reference-asm/lc3/hexconv/README.md), written apart
; from the reference: it multiplies by adding ten times, and takes each
; hex digit by rotating the number left four bits and masking the low
; four. It prints the handout's first form, `Hex: x00B4`.
        .ORIG x3000
        LEA R0, ASK
        PUTS
        AND R6, R6, #0          ; the number so far
KEY     GETC
        ADD R1, R0, #-10
        BRz DONE
        AND R2, R2, #0          ; R2 = 10 * R6
        AND R3, R3, #0
        ADD R3, R3, #10
TIMES   ADD R2, R2, R6
        ADD R3, R3, #-1
        BRp TIMES
        ADD R0, R0, #-16
        ADD R0, R0, #-16
        ADD R0, R0, #-16        ; the digit's value
        ADD R6, R2, R0
        BRnzp KEY
DONE    ADD R5, R6, #0
        LEA R0, HEX
        PUTS
        AND R4, R4, #0
        ADD R4, R4, #4          ; digits to print
NIBBLE  AND R3, R3, #0
        ADD R3, R3, #4          ; rotate R6 left 4 bits
ROT     ADD R6, R6, #0
        BRn CARRY
        ADD R6, R6, R6
        BRnzp TURNED
CARRY   ADD R6, R6, R6
        ADD R6, R6, #1
TURNED  ADD R3, R3, #-1
        BRp ROT
        AND R1, R6, #15         ; the digit now at the bottom
        LEA R0, DIGITS
        ADD R0, R0, R1
        LDR R0, R0, #0
        OUT
        ADD R4, R4, #-1
        BRp NIBBLE
        AND R0, R0, #0
        ADD R0, R0, #10
        OUT
        HALT
ASK     .STRINGZ "Number? "
HEX     .STRINGZ "\nHex: x"
DIGITS  .STRINGZ "0123456789ABCDEF"
        .END
