; JSRR R7 jumps to the address R7 held: the book reads the target before it
; writes the link, so LEA R7,T / JSRR R7 goes to T. lc3tools writes R7 first
; and goes on after the JSRR ("after JSRR"); lc3sim keeps the book.
        .ORIG x3000
        LEA R7, T
        JSRR R7
        LEA R0, AFTER
        PUTS
        HALT
T       LEA R0, AT_T
        PUTS
        HALT
AFTER   .STRINGZ "after JSRR\n"
AT_T    .STRINGZ "at T\n"
        .END
