; Device reads in supervisor mode (a program outside user space starts
; there): DDR is write-only and an unmapped address reads 0, whatever was
; written there, as lc3tools reads them (lc3sim gave back what was
; written). Each value prints as "0" when zero, else "N".
.ORIG x1000
        LD R1, A
        STI R1, PDDR          ; prints A and leaves nothing to read
        LDI R2, PDDR
        JSR SHOW
        STI R1, PUN           ; an unmapped address keeps nothing
        LDI R2, PUN
        JSR SHOW
        LD R0, CR
        OUT
        HALT
SHOW    LD R0, ZERO
        ADD R2, R2, #0
        BRz SHOWN
        LD R0, NZ
SHOWN   ST R7, SAVE7
        OUT
        LD R7, SAVE7
        RET
SAVE7   .BLKW 1
A       .FILL x41
ZERO    .FILL x30
NZ      .FILL x4E
CR      .FILL x0D
PDDR    .FILL xFE06
PUN     .FILL xFE10
.END
