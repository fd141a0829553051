# caught-by: STRLEN REVERSE  a wrong result, one too many (REVERSE uses it, and swaps the 0 in)
/^SL_LOOP LDR R2, R1, #0$/{
n
s/.*/        BRz SL_LAST/
}
/^SL_DONE LD R1, SL_R1$/i\
SL_LAST ADD R0, R0, #1
