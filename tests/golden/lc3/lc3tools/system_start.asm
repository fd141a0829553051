; Starts in system space: the setup at x0800 pushes a user PSR and PC and
; RTIs to the user code at x3000, which finds R6 = x0000, as lc3tools gives.
        .ORIG x0800
        LD R0, UPSR
        ADD R6, R6, #-1
        STR R0, R6, #0
        LD R0, UPC
        ADD R6, R6, #-1
        STR R0, R6, #0
        RTI
UPSR    .FILL x8002
UPC     .FILL x3000
        .END
        .ORIG x3000
        LEA R0, USER
        ADD R6, R6, #0
        BRnp SHOW
        LEA R0, ZERO
SHOW    PUTS
        HALT
USER    .STRINGZ "user mode, R6 not x0000\n"
ZERO    .STRINGZ "user mode, R6 = x0000\n"
        .END
