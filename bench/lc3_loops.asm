; Nested ADD/BR loops: the simulator benchmark, about 120 million instructions.
; Runs in user mode; the tiny TRAP x25 handler below stops the clock.
        .ORIG x3000
        LD R1, OUTER
OLOOP   LD R2, INNER
ILOOP   ADD R3, R3, #1
        ADD R2, R2, #-1
        BRp ILOOP
        ADD R1, R1, #-1
        BRp OLOOP
        HALT
OUTER   .FILL #4000
INNER   .FILL #10000
        .END

        .ORIG x0025             ; the HALT entry of the trap vector table
        .FILL x0400
        .END

        .ORIG x0400             ; HALT: clear MCR[15]
        AND R0, R0, #0
        STI R0, MCR
MCR     .FILL xFFFE
        .END
