# base: table_rows.asm
1,9c\
; lowercase.asm: table_rows.asm with its prompts in lower case ("player 1,\
; choose ...", "invalid move. try again.", "player 2 wins."), the rest\
; right. lc3tools' ExactOutput takes its capitalization third.
168c\
PLAYER   .STRINGZ "player "
170,171c\
INVALID  .STRINGZ "invalid move. try again.\\n"\
WINS     .STRINGZ " wins.\\n"
