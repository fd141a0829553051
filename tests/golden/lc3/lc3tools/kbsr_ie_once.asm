; A typed key raises the keyboard interrupt once, as in lc3tools (its
; keyboard marks each key once it has interrupted): with KBSR's interrupt
; enable set and a key waiting, the OS's service routine runs and returns,
; and the program goes on. lc3sim raised it again on every return, as
; long as the key was unread, and never got past the STI. Key "k":
; prints "Ak" (supervisor mode: a program outside user space starts there).
.ORIG x2000
        LD R0, IE
        STI R0, PKBSR         ; the key waiting raises the interrupt
        LD R0, A
        OUT
        LDI R0, PKBDR
        OUT
        HALT
IE      .FILL x4000
A       .FILL x41
PKBSR   .FILL xFE00
PKBDR   .FILL xFE02
.END
