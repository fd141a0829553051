; DEEP calls itself without end, pushing R7 each time, on a stack that
; starts at x3004, below the program: R6 soon goes below user space (x3000).
        .ORIG x4000
        LD R6, STACK
        JSR DEEP
        HALT
DEEP    ADD R6, R6, #-1
        STR R7, R6, #0
        JSR DEEP
        LDR R7, R6, #0
        ADD R6, R6, #1
        RET
STACK   .FILL x3004
        .END
