; OWNER_AGE wrong from 60 up: 59 for every older owner.
        .ORIG x3000
OWNER_AGE
        LDR R0, R1, #1
        LDR R0, R0, #0
        ST R1, CAP_S1
        LD R1, MINUS60
        ADD R1, R0, R1
        BRn CAP_DONE
        LD R0, FIFTYNINE
CAP_DONE
        LD R1, CAP_S1
        RET
CAP_S1  .BLKW 1
MINUS60 .FILL #-60
FIFTYNINE .FILL #59
        .END
