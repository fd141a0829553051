; Two errors and a warning, for the diagnostics.
        .ORIG x3000
        ADD R1, R1, #40
        LD R2, NOWHERE
        BRz #2
        HALT
