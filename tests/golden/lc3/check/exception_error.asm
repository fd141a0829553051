; An access violation under --check=error: the run stops at the faulting
; LDI, before the OS's handler prints its message (issue 31 item 9).
        .ORIG x3000
        LEA R0, HELLO
        PUTS
        LDI R0, P
        ADD R1, R1, #1
        HALT
HELLO   .STRINGZ "before\n"
P       .FILL x0000
        .END
