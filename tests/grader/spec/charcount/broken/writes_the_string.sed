# caught-by: the input s word
# The length is stored over the string's 0 (the string must not change).
s/^DONE    STI R1, AUP/DONE    STR R5, R4, #0\
        STI R1, AUP/
