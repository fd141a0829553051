; KBDR read without waiting on KBSR (supervisor mode: a program outside
; user space starts there): a key typed before the read is there, as
; lc3tools polls the keyboard between instructions; the read takes it, so
; GETC has the next one. lc3sim read x0000 and left the key for GETC.
; Keys "ab": prints "abb".
.ORIG x1000
        LDI R0, PKBDR
        OUT
        GETC
        OUT
        LDI R0, PKBDR         ; no new key: KBDR still holds the last one
        OUT
        HALT
PKBDR   .FILL xFE02
.END
