; Recursive calls with stack frames: the --check benchmark's calls half
; (bench/lc3_check_bench.sh), about 30 million instructions. SUM(n) = n +
; SUM(n-1) pushes R7 and R1 on the R6 stack, 4,000 times from n = 500.
        .ORIG x3000
        LD R6, STACK
        LD R4, TIMES
AGAIN   LD R1, DEPTH
        JSR SUM
        ADD R4, R4, #-1
        BRp AGAIN
        HALT
SUM     ADD R6, R6, #-2
        STR R7, R6, #0
        STR R1, R6, #1
        AND R0, R0, #0
        ADD R1, R1, #0
        BRz SUM_END
        ADD R1, R1, #-1
        JSR SUM
        LDR R1, R6, #1
        ADD R0, R0, R1
SUM_END LDR R7, R6, #0
        ADD R6, R6, #2
        RET
STACK   .FILL xFE00
TIMES   .FILL #4000
DEPTH   .FILL #500
        .END
