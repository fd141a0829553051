; The DAP sessions' LC-3 exception: an access violation in user mode.
        .ORIG x3000
        AND R1, R1, #0
        LDI R0, P
        HALT
P       .FILL x0000
        .END
