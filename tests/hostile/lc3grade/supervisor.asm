; Starts in system space (x0800), where a program runs in supervisor mode,
; and stores to the device registers and the OS: the grader still runs it
; from x3000, in user mode, as lc3tools' grader does.
        .ORIG x0800
        AND R0, R0, #0
        STI R0, MCR
        HALT
MCR     .FILL xFFFE
        .END
        .ORIG x3000
        STI R0, KBSR
        HALT
KBSR    .FILL xFE00
        .END
