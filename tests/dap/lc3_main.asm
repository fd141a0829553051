; The DAP sessions' LC-3 program: output, a key read, a subroutine, a
; store to a data label.
        .ORIG x3000
        LEA  R0, MSG
        PUTS            ; prints hi
        GETC            ; reads a key
        OUT
        JSR  DOUBLE
        ST   R0, COUNT
        HALT
DOUBLE  ADD  R0, R0, R0
        RET
COUNT   .FILL #3
MSG     .STRINGZ "hi\n"
        .END
