; Inside the keyboard interrupt's handler the PSR reads x04nn: priority 4,
; supervisor mode. The setup enables the interrupt; the user code spins.
        .ORIG x0800
        LD R0, HANDLER
        STI R0, KB_VECTOR
        LD R0, IE_BIT
        STI R0, KBSR_SYS
        LD R0, USER_PSR
        ADD R6, R6, #-1
        STR R0, R6, #0
        LD R0, USER_PC
        ADD R6, R6, #-1
        STR R0, R6, #0
        RTI
HANDLER .FILL ISR
IE_BIT  .FILL x4000
KBSR_SYS .FILL xFE00
KB_VECTOR .FILL x0180
USER_PSR .FILL x8002
USER_PC .FILL x3000
ISR     LDI R0, PSR_PTR2
        ST R0, SEEN
        LDI R0, KBDR_PTR
        LD R0, SEEN
        JSR PRINT_HEX
        HALT
PSR_PTR2 .FILL xFFFC
KBDR_PTR .FILL xFE02
SEEN    .BLKW 1
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
        .ORIG x3000
SPIN    ADD R1, R1, #1
        BRnzp SPIN
        .END
