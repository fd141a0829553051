# base: table_rows.asm
1,9c\
; too_many.asm: table_rows.asm that takes any count from 1 to 9, however few\
; rocks the row has left ("A9" on a row of 3 is accepted and the row goes\
; negative, drawn as empty): the check against the row is missing.
118,119c\
; CHECK_MOVE: is R1 a row letter A-C and R2 a digit from 1 to 9 (the\
; row's rocks are never looked at)? R0 = 1 (with R3 = row index, R4 = rocks\
; to take) or R0 = 0.
129,135d
