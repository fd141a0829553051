# caught-by: R5 is
# It prints the right number but uses R5 as a scratch register after it:
# the number is not left in R5 when the program halts.
s/^SHOW    LEA R0, LABEL/SHOW    ADD R6, R5, #0\
        LEA R0, LABEL/
s/ADD R2, R5, #0          ; R2: the bits left to print, the top first/ADD R2, R6, #0\
        ADD R5, R5, R5/
