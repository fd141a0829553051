; table.asm: a correct solution of the LC-3 lab "counting characters"
; (reference-asm/lc3/charcount/README.md), written apart from the
; reference: the counters live in memory from the start and a table of
; (-low, -high, counter) triples classifies each character; the length is
; where the scan stopped less where it started.
        .ORIG x3000
        AND R0, R0, #0
        STI R0, PUP
        STI R0, PLOW
        STI R0, PDIG
        LD R1, BASE
SCAN    LDR R2, R1, #0
        BRz END
        LEA R3, TABLE
CLASS   LDR R4, R3, #0          ; -low, or 0 past the last class
        BRz STEP
        ADD R4, R2, R4
        BRn SKIP
        LDR R4, R3, #1          ; -high
        ADD R4, R2, R4
        BRp SKIP
        LDR R4, R3, #2          ; the class's counter
        LDR R5, R4, #0
        ADD R5, R5, #1
        STR R5, R4, #0
        BRnzp STEP
SKIP    ADD R3, R3, #3
        BRnzp CLASS
STEP    ADD R1, R1, #1
        BRnzp SCAN
END     LD R2, BASE
        NOT R2, R2
        ADD R2, R2, #1
        ADD R5, R1, R2          ; the length: end - start
        HALT
BASE    .FILL x4000
PUP     .FILL x3F00
PLOW    .FILL x3F01
PDIG    .FILL x3F02
TABLE   .FILL #-65
        .FILL #-90
        .FILL x3F00
        .FILL #-97
        .FILL #-122
        .FILL x3F01
        .FILL #-48
        .FILL #-57
        .FILL x3F02
        .FILL #0
        .END
