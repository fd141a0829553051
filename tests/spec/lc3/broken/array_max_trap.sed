# caught-by: ARRAY_MAX  a TRAP where none is allowed: it prints a '*' (saving R0 and R7)
/^ARRAY_MAX$/a\
        ST R0, AM_T0\
        ST R7, AM_T7\
        LD R0, AM_STAR\
        OUT\
        LD R0, AM_T0\
        LD R7, AM_T7
/^AM_R4   .BLKW 1$/a\
AM_T0   .BLKW 1\
AM_T7   .BLKW 1\
AM_STAR .FILL x2A
