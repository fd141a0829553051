# base: table_rows.asm
# A Nim whose "Player " prompt is markup, quotes, an ampersand, bytes that
# are not UTF-8 (0xff 0xfe) and a terminal escape: the grader quotes its
# output in the findings, so they reach the batch's summary and page. (The
# string is as long as PCoffset9 lets the prompts after it be.) GNU sed
# writes the \xNN bytes; this file stays ASCII.
s/^PLAYER   .STRINGZ "Player "/PLAYER   .STRINGZ "<script>alert(1)<\/script>\&'\\"\xff\xfe\x1b[31m Player "/
