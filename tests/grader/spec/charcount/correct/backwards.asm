; backwards.asm: a correct solution of the LC-3 lab "counting characters"
; (reference-asm/lc3/charcount/README.md), written apart from the
; reference: it finds the string's end first, then counts from the last
; character back to the first with a subroutine per class.
        .ORIG x3000
        LD R1, START
        AND R5, R5, #0
FIND    LDR R0, R1, #0
        BRz FOUND
        ADD R1, R1, #1
        ADD R5, R5, #1
        BRnzp FIND
FOUND   AND R2, R2, #0          ; upper
        AND R3, R3, #0          ; lower
        AND R4, R4, #0          ; digits
        ADD R6, R5, #0          ; characters left
BACK    ADD R6, R6, #-1
        BRn SAVE
        ADD R1, R1, #-1
        LDR R0, R1, #0
        ST R0, CH
        JSR ISUP
        ADD R2, R2, R0
        JSR ISLOW
        ADD R3, R3, R0
        JSR ISDIG
        ADD R4, R4, R0
        BRnzp BACK
SAVE    STI R2, UP
        STI R3, LOW
        STI R4, DIG
        HALT
; ISUP, ISLOW, ISDIG: R0 = 1 when CH is in the class, else 0 (R1 kept).
ISUP    ST R1, SAVE1
        LD R1, MINUS_A
        BRnzp LETTER
ISLOW   ST R1, SAVE1
        LD R1, MINUS_LA
LETTER  LD R0, CH
        ADD R0, R0, R1
        BRn NO
        ADD R0, R0, #-13
        ADD R0, R0, #-13
        BRzp NO
        BRnzp YES
ISDIG   ST R1, SAVE1
        LD R1, MINUS_0
        LD R0, CH
        ADD R0, R0, R1
        BRn NO
        ADD R0, R0, #-10
        BRzp NO
YES     AND R0, R0, #0
        ADD R0, R0, #1
        LD R1, SAVE1
        RET
NO      AND R0, R0, #0
        LD R1, SAVE1
        RET
CH      .BLKW 1
SAVE1   .BLKW 1
START   .FILL x4000
UP      .FILL x3F00
LOW     .FILL x3F01
DIG     .FILL x3F02
MINUS_A .FILL #-65
MINUS_LA .FILL #-97
MINUS_0 .FILL #-48
        .END
