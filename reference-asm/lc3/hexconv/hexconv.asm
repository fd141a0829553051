; hexconv.asm: the reference solution of the LC-3 lab "decimal in,
; hexadecimal out" (README.md beside it is the handout), graded by
; hexconv.spec: keys in, the number printed as x and four hex digits, and
; left in R5, then HALT.
        .ORIG x3000
        LEA R0, PROMPT
        PUTS
        AND R5, R5, #0          ; the number
READ    GETC
        ADD R1, R0, #-10        ; Enter?
        BRz SHOW
        LD R1, NEG0
        ADD R1, R0, R1          ; the digit's value
        ADD R2, R5, R5          ; 2n
        ADD R3, R2, R2          ; 4n
        ADD R3, R3, R3          ; 8n
        ADD R5, R2, R3          ; 10n
        ADD R5, R5, R1
        BRnzp READ
SHOW    LEA R0, LABEL
        PUTS
        ADD R2, R5, #0          ; R2: the bits left to print, the top first
        AND R3, R3, #0
        ADD R3, R3, #4          ; 4 digits
DIGIT   AND R1, R1, #0          ; R1 = the top 4 bits of R2
        AND R4, R4, #0
        ADD R4, R4, #4
BIT     ADD R1, R1, R1
        ADD R2, R2, #0
        BRzp SHIFT
        ADD R1, R1, #1
SHIFT   ADD R2, R2, R2
        ADD R4, R4, #-1
        BRp BIT
        ADD R0, R1, #-10
        BRn NUM
        LD R0, LETTER           ; 'A' - 10
        BRnzp OUTD
NUM     LD R0, ZERO
OUTD    ADD R0, R0, R1
        OUT
        ADD R3, R3, #-1
        BRp DIGIT
        LD R0, NL
        OUT
        HALT
PROMPT  .STRINGZ "Number? "
LABEL   .STRINGZ "\nHex: x"
NEG0    .FILL #-48
LETTER  .FILL #55
ZERO    .FILL #48
NL      .FILL #10
        .END
