# lw from an address that is not a multiple of 4.
        .data
word:   .word 1, 2
        .text
        la $t0, word
        lw $t1, 1($t0)
