# base: packed_strings.asm
1,9c\
; assumes_zero.asm: packed_strings.asm that never clears R3, the counter of\
; the loop that copies the starting rows: right when the machine starts with\
; zeroed registers, wrong on lc3tools' randomized machine (with R3 negative\
; it copies one row; positive, it copies thousands of words over its own\
; data and runs out of instructions).
15,16c\
\        ADD R3, R3, #3          ; three rows to copy (R3 taken to start at 0)
