; PUSH_TWO pushes one word but pops two: its caller's R6 ends above where
; the stack started.
        .ORIG x3000
        LD R6, STACK            ; the stack starts at x4000 (empty)
        JSR PUSH_TWO
        LEA R0, DONE
        PUTS
        HALT
PUSH_TWO
        ADD R6, R6, #-1
        STR R7, R6, #0          ; push R7
        LDR R7, R6, #0
        ADD R6, R6, #2          ; pops two
        RET
STACK   .FILL x4000
DONE    .STRINGZ "done\n"
        .END
