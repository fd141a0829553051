; A subroutine prints with PUTS, a TRAP, and returns with the R7 its JSR
; left. lc3tools' TRAP (and lc3sim's) keeps R7, so here it works; on the
; book's 2nd edition machines (PennSim, the old lc3sim) TRAP sets R7 to
; the line after it, and this RET loops on itself forever.
        .ORIG x3000
        JSR GREET
        HALT
GREET   LEA R0, HELLO
        PUTS
        RET
HELLO   .STRINGZ "hello\n"
        .END
