# Assembly errors and a warning: MARS stops after pass 1 (the unknown symbol
# on line 6 is a pass-2 error and is not reported).
.text
main: add $t0, $t1
    foo $t1
    lw $t0, nowhere
.data
    .byte 0xe9
