; OUTER calls INNER without saving R7: the nested JSR overwrites OUTER's
; return address, so OUTER's RET goes back into OUTER.
        .ORIG x3000
        JSR OUTER
        HALT
OUTER   ADD R0, R0, #1
        JSR INNER
        RET
INNER   ADD R0, R0, R0
        RET
        .END
