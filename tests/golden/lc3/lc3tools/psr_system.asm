; The PSR at xFFFC from supervisor mode (the program starts at x0800):
; reads give the real PSR, writes set it (its condition codes and priority).
        .ORIG x0800
        LD R6, STACK
        AND R1, R1, #0
        ADD R1, R1, #1          ; positive
        LDI R0, PSR_PTR
        JSR PRINT_HEX
        LD R0, NEW_PSR          ; priority 2, N
        STI R0, PSR_PTR
        BRn TAKEN               ; the written N
        LEA R0, NOT_TAKEN_MSG
        PUTS
TAKEN   LDI R0, PSR_PTR
        JSR PRINT_HEX
        LD R0, ZERO_PSR
        STR R0, R6, #-1         ; nothing to do with the PSR: a plain store
        LD R2, PSR_PTR
        STR R0, R2, #0          ; STR to xFFFC: PSR := x0002 (Z)
        BRz ZTAKEN
        LEA R0, NOT_TAKEN_MSG
        PUTS
ZTAKEN  LDI R0, PSR_PTR
        JSR PRINT_HEX
        HALT
STACK   .FILL x3000
PSR_PTR .FILL xFFFC
NEW_PSR .FILL x0204
ZERO_PSR .FILL x0002
NOT_TAKEN_MSG .STRINGZ "not taken\n"
; PRINT_HEX: prints R0 as x and four hex digits, then a newline. Keeps R0.
PRINT_HEX
        ST R0, PH_R0
        ST R1, PH_R1
        ST R2, PH_R2
        ST R3, PH_R3
        ST R7, PH_R7
        ADD R1, R0, #0          ; R1: the bits still to print
        LD R0, PH_X
        OUT
        AND R2, R2, #0
        ADD R2, R2, #4          ; R2: digits left
PH_DIGIT
        AND R0, R0, #0          ; R0 := the top nibble of R1, R1 <<= 4
        AND R3, R3, #0
        ADD R3, R3, #4
PH_BIT  ADD R0, R0, R0
        ADD R1, R1, #0
        BRzp PH_ZERO
        ADD R0, R0, #1
PH_ZERO ADD R1, R1, R1
        ADD R3, R3, #-1
        BRp PH_BIT
        ADD R3, R0, #-10
        BRn PH_NUM
        LD R3, PH_A
        ADD R0, R0, R3
        BRnzp PH_OUT
PH_NUM  LD R3, PH_0
        ADD R0, R0, R3
PH_OUT  OUT
        ADD R2, R2, #-1
        BRp PH_DIGIT
        LD R0, PH_NL
        OUT
        LD R0, PH_R0
        LD R1, PH_R1
        LD R2, PH_R2
        LD R3, PH_R3
        LD R7, PH_R7
        RET
PH_X    .FILL x78
PH_A    .FILL #55
PH_0    .FILL #48
PH_NL   .FILL #10
PH_R0   .BLKW 1
PH_R1   .BLKW 1
PH_R2   .BLKW 1
PH_R3   .BLKW 1
PH_R7   .BLKW 1
        .END
