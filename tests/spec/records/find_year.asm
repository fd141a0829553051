; find_year.asm: the reference of find_year.spec. R1-R4 are saved and
; given back, as the textbook's subroutines do.
        .ORIG x3000
FIND_YEAR
        ST R1, FY_S1
        ST R2, FY_S2
        ST R3, FY_S3
        ST R4, FY_S4
        NOT R2, R2
        ADD R2, R2, #1          ; -year
        AND R3, R3, #0          ; the index
FY_LOOP ADD R1, R1, #0
        BRz FY_NONE
        LDR R4, R0, #0          ; this car's year
        ADD R4, R4, R2
        BRz FY_FOUND
        ADD R0, R0, #2          ; the next car: two words on
        ADD R3, R3, #1
        ADD R1, R1, #-1
        BR FY_LOOP
FY_NONE AND R3, R3, #0
        ADD R3, R3, #-1
FY_FOUND
        ADD R0, R3, #0
        LD R1, FY_S1
        LD R2, FY_S2
        LD R3, FY_S3
        LD R4, FY_S4
        RET
FY_S1   .BLKW 1
FY_S2   .BLKW 1
FY_S3   .BLKW 1
FY_S4   .BLKW 1
        .END
