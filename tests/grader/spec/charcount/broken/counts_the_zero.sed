# caught-by: R5 is
# The length counts the string's 0 too.
s/^DONE    STI R1, AUP/DONE    ADD R5, R5, #1\
        STI R1, AUP/
