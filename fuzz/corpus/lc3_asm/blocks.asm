; adds two numbers and prints a digit
        .ORIG x3000
START   LD R1, A
        LD R2, B
        ADD R0, R1, R2
        LD R3, ASCII
        ADD R0, R0, R3
        OUT
        LEA R0, MSG
        PUTS
        BRnzp DONE
DONE    HALT
A       .FILL #3
B       .FILL x4
ASCII   .FILL x30
MSG     .STRINGZ "ok\n"
BUF     .BLKW 2
        .END
        .ORIG x4000
        .FILL b1010
HERE    JSR HERE
        JSRR R1
        LDI R2, PTR
PTR     .FILL x3000
        STR R0, R6, #-1
        NOT R1, R1
        AND R1, R1, #0
        RTI
        TRAP x25
        .END
