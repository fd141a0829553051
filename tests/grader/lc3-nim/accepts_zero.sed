# base: table_rows.asm
1,9c\
; accepts_zero.asm: table_rows.asm that accepts a count of 0 ("A0" is a\
; valid move that takes nothing): the zero test is missing. The example\
; game never types a 0, so only ZeroCount sees it.
128c\
\        BRn CM_NO
