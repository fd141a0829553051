# caught-by: REVERSE  a write outside the string: a 0 one word past its own 0
/^        JSR STRLEN$/a\
        ADD R3, R1, R0\
        AND R4, R4, #0\
        STR R4, R3, #1
