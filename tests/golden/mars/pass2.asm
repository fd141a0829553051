# Only pass-2 errors: MARS reports the first bad statement and stops.
.text
main:
    lw $t0, nowhere
    j elsewhere
