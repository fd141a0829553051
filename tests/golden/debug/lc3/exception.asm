; An access violation under the debugger: the run stops at the faulting
; LDI with nothing done (as gdb stops at a signal); backtrace and registers
; show the machine before it; the next step enters the OS's handler, whose
; message and HALT follow (issue 31).
        .ORIG x3000
        AND R1, R1, #0
        ADD R1, R1, #5
        LDI R0, P
        ADD R1, R1, #1
        HALT
P       .FILL x0000
        .END
