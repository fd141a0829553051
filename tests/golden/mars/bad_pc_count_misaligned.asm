# "ic" with a jump to a pc that is not word-aligned: MARS throws before
# its text observer hears of the fetch, so the count is the 3 before it.
.text
    li $t0, 0x00400102
    jr $t0
