; OUT of CR (x0D) starts a new line on lc3tools' display, as LF (x0A) does:
; it writes "\n" for both (lc3sim wrote "\r").
.ORIG x3000
        LD R0, CHAR_A
        OUT
        LD R0, CR
        OUT
        LD R0, CHAR_A
        OUT
        LD R0, LF
        OUT
        LEA R0, TEXT          ; CR inside a string too
        PUTS
        HALT
CHAR_A  .FILL x41
CR      .FILL x0D
LF      .FILL x0A
TEXT    .FILL x42
        .FILL x0D
        .FILL x43
        .FILL x0D
        .FILL x0D
        .FILL x00
.END
