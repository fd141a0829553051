# "ic" with a jump into the text range past its 4 MiB of blocks (MARS's
# textLimitAddress): the fetch throws unheard, so the count is 3.
.text
    li $t0, 0x0fa49d00
    jalr $t0
