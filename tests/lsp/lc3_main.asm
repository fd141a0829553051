; Counts down from 5, printing each digit.
        .ORIG x3000
        LD R1, COUNT
LOOP    LD R0, ZERO
        ADD R0, R0, R1
        OUT
        ADD R1, R1, #-1
        BRp LOOP
        TRAP x25
COUNT   .FILL 5
ZERO    .FILL x30
        .END
