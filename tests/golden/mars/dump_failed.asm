# A failed assembly still dumps what pass 1 wrote: the data, no code.
.data
.word 5, nosuch
.text
li $t0, 1
