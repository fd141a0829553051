# base: table_rows.asm
1,9c\
; whitespace.asm: table_rows.asm with its whitespace wrong, the rest right:\
; no space between "ROW X:" and the rocks, and no blank line after a valid\
; move. lc3tools' ExactOutput takes its whitespace third.
31,32d
165,167c\
LABEL_A  .STRINGZ "ROW A:"\
LABEL_B  .STRINGZ "ROW B:"\
LABEL_C  .STRINGZ "ROW C:"
