# Pass 1 went through (both words placed); pass 2 failed.
.data
.word 5
.text
li $t0, 1
j nosuch
.data
.word 6
