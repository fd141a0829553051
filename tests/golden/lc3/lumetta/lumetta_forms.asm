; Lumetta's lc3as (lc3tools 0.12) takes a hex or decimal operand that does
; not fit its field as the field's bit pattern when it is one (issue 31).
        .ORIG x3000
        ADD R5, R5, xFFFF
        ADD R5, R5, x1F
        ADD R5, R5, xFFF0
        ADD R5, R5, x10
        ADD R5, R5, #31
        ADD R5, R5, #16
        ADD R5, R5, #65535
        AND R1, R2, x1E
        LDR R1, R2, x3F
        LDR R1, R2, xFFE0
        STR R1, R2, #32
        LD R1, xFFFF
        LD R1, x1FF
        LD R1, x100
        ST R1, #511
        LDI R1, xFF00
        STI R1, x1F0
        LEA R0, x1FF
        BRnzp xFFFF
        BRz x100
        JSR x7FF
        JSR xFFFF
        JSR #1024
        TRAP #-1
        TRAP xFFFF
        TRAP xFF80
        TRAP #-128
        .END
