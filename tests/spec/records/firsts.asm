; firsts.asm: the reference of firsts.spec, reading the cars at x4000 and
; the names at x5000 through the pointers the grader laid out.
        .ORIG x3000
        LD R1, CARS
        LDR R2, R1, #1      ; the first car's name
        LDR R3, R2, #0      ; its first character
        STI R3, OUT0
        LD R1, NAMES
        LDR R2, R1, #1      ; the second name
        LDR R3, R2, #0
        STI R3, OUT1
        LDR R5, R1, #0
        LD R1, CARS
        LD R2, Y2000
        STR R2, R1, #0      ; the first car's year
        HALT
CARS    .FILL x4000
NAMES   .FILL x5000
OUT0    .FILL x3F00
OUT1    .FILL x3F01
Y2000   .FILL #2000
        .END
