# base: table_rows.asm
1,9c\
; never_halts.asm: table_rows.asm that, after the winner's banner, waits\
; in a loop instead of HALT: every test runs into the instruction limit.
45c\
DONE    BRnzp DONE
