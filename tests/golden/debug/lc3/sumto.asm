; sumto.asm: prints the digit of sumto(3) = 3 + 2 + 1 + 0, computed
; recursively with a stack frame per call.
        .ORIG x3000
        LD R6, STACK        ; main: R0 = the argument, then the result; R1 = '0'
        AND R0, R0, #0      ; R0 = sumto(3)
        ADD R0, R0, #3
        JSR SUMTO
        LD R1, ZERO         ; print it as a digit
        ADD R0, R0, R1
        OUT
        HALT

; SUMTO: R0 = n -> R0 = n + (n-1) + ... + 0, recursively.
; Registers: R1 = n, saved with R7 on the stack (R6) across the call.
SUMTO   ADD R6, R6, #-2     ; push R7 and n
        STR R7, R6, #1
        STR R0, R6, #0
        ADD R0, R0, #0      ; sumto(0) = 0
        BRz SUMTO_DONE
        ADD R0, R0, #-1     ; R0 = n + sumto(n - 1)
        JSR SUMTO
        LDR R1, R6, #0
        ADD R0, R0, R1
SUMTO_DONE
        LDR R7, R6, #1      ; pop and return
        ADD R6, R6, #2
        RET

ZERO    .FILL #48
STACK   .FILL xFE00     ; R6 starts at x0000: the program sets its stack up
        .END
