; DSR keeps bit 14 as written (its interrupt enable), bit 15 stays ready:
; lc3tools prints YY (lc3sim ignored the write and printed NY).
        .ORIG x1000
        LD R1, IE
        STI R1, PDSR
        LDI R2, PDSR
        LD R3, MASK
        AND R2, R2, R3
        BRz NONE
        LD R0, CY
        BR SHOW
NONE    LD R0, CN
SHOW    OUT
        LDI R2, PDSR
        BRn READY
        LD R0, CN
        BR SHOW2
READY   LD R0, CY
SHOW2   OUT
        AND R1, R1, #0
        STI R1, PDSR
        HALT
IE      .FILL x4000
MASK    .FILL x4000
CY      .FILL x59
CN      .FILL x4E
PDSR    .FILL xFE04
        .END
