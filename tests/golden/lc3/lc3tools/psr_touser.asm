; Writing PSR[15] from supervisor mode enters user mode at once, with no
; stack switch: the next fetch, still in system space, is an access violation.
        .ORIG x0800
        LD R0, USER_PSR
        STI R0, PSR_PTR
        LEA R0, MSG
        PUTS
        HALT
PSR_PTR .FILL xFFFC
USER_PSR .FILL x8002
MSG     .STRINGZ "still in supervisor mode\n"
        .END
