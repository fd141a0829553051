# caught-by: x3F00 is
# The upper-case count is never stored: x3F00 keeps whatever it held.
s/^DONE    STI R1, AUP/DONE    ADD R1, R1, #0/
