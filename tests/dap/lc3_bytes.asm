; The DAP sessions' LC-3 output of a byte that is not UTF-8: OUT writes
; the byte as it is, the event carries it as \u00ff.
        .ORIG x3000
        LD   R0, BYTE
        OUT
        HALT
BYTE    .FILL xFF
        .END
