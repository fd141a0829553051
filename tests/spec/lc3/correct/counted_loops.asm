; counted_loops.asm: a correct solution of strings_ref.asm's handout with
; its subroutines in another order, loops that count down, and one shared
; save area per subroutine.
        .ORIG x3000

READ_DIGIT
        ST R7, D_SAVE7
        ST R2, D_SAVE2
        GETC
        LD R2, D_MINUS0
        ADD R0, R0, R2
        BRn D_NOT
        ADD R2, R0, #-10        ; 0..9 only
        BRn D_DONE
D_NOT   AND R0, R0, #0
        NOT R0, R0              ; -1
D_DONE  LD R7, D_SAVE7
        LD R2, D_SAVE2
        RET
D_SAVE7 .FILL 0
D_SAVE2 .FILL 0
D_MINUS0 .FILL #-48

PRINT_LINE
        ST R7, P_SAVE7
        ST R0, P_SAVE0
        PUTS
        AND R0, R0, #0
        ADD R0, R0, #10
        OUT
        LD R7, P_SAVE7
        RET
P_SAVE7 .FILL 0
P_SAVE0 .FILL 0

CLAMP   ST R1, C_SAVE1
        ST R4, C_SAVE4
        NOT R4, R0              ; lo - x > 0: below
        ADD R4, R4, #1
        ADD R4, R1, R4
        BRp C_LOW
        LDR R1, R6, #0          ; hi
        NOT R4, R1
        ADD R4, R4, #1
        ADD R4, R0, R4
        BRnz C_DONE
C_LOW   ADD R0, R1, #0          ; lo, or hi when above
C_DONE  LD R1, C_SAVE1
        LD R4, C_SAVE4
        RET
C_SAVE1 .FILL 0
C_SAVE4 .FILL 0

STRLEN  ST R5, S_SAVE5
        ST R4, S_SAVE4
        AND R5, R5, #0
        ADD R4, R0, #0
S_LOOP  LDR R0, R4, #0
        BRz S_DONE
        ADD R4, R4, #1
        ADD R5, R5, #1
        BRnzp S_LOOP
S_DONE  ADD R0, R5, #0
        LD R5, S_SAVE5
        LD R4, S_SAVE4
        RET
S_SAVE5 .FILL 0
S_SAVE4 .FILL 0

ARRAY_MAX
        ST R1, M_SAVE1
        ST R2, M_SAVE2
        ST R3, M_SAVE3
        ST R5, M_SAVE5
        ADD R5, R0, #0
        LDR R0, R5, #0
        BRnzp M_TEST
M_LOOP  LDR R2, R5, #0
        NOT R3, R2
        ADD R3, R3, #1
        ADD R3, R0, R3
        BRzp M_TEST
        ADD R0, R2, #0
M_TEST  ADD R5, R5, #1
        ADD R1, R1, #-1
        BRp M_LOOP
        LD R1, M_SAVE1
        LD R2, M_SAVE2
        LD R3, M_SAVE3
        LD R5, M_SAVE5
        RET
M_SAVE1 .FILL 0
M_SAVE2 .FILL 0
M_SAVE3 .FILL 0
M_SAVE5 .FILL 0

REVERSE ST R7, R_SAVE7
        ST R1, R_SAVE1
        ST R2, R_SAVE2
        ST R3, R_SAVE3
        ADD R1, R0, #0          ; front
        JSR STRLEN
        ADD R2, R1, R0          ; one past the back
        ADD R0, R0, #0
R_LOOP  ADD R2, R2, #-1
        NOT R3, R1
        ADD R3, R3, #1
        ADD R3, R2, R3
        BRnz R_DONE
        LDR R0, R1, #0
        LDR R3, R2, #0
        STR R3, R1, #0
        STR R0, R2, #0
        ADD R1, R1, #1
        BRnzp R_LOOP
R_DONE  LD R7, R_SAVE7
        LD R1, R_SAVE1
        LD R2, R_SAVE2
        LD R3, R_SAVE3
        RET
R_SAVE7 .FILL 0
R_SAVE1 .FILL 0
R_SAVE2 .FILL 0
R_SAVE3 .FILL 0

        .END
