; An access violation from user mode: lc3tools prints its message with no
; space before the closing dashes.
.ORIG x3000
LDI R0, P
HALT
P .FILL x0000
.END
