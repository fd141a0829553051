# base: table_rows.asm
1,9c\
; kbsr_poll.asm: table_rows.asm that reads its keys by polling KBSR and\
; reading KBDR itself instead of GETC. From user mode that is an access\
; violation at the first key: lc3tools gives 0 unless --ignore-privilege,\
; and then full marks.
104,105c\
\        JSR READ_KEY
107,108c\
\        JSR READ_KEY
116a\
\
; READ_KEY: R0 = the next key, echoed: waits on KBSR, reads KBDR, waits on\
; DSR, writes DDR.\
READ_KEY\
\        ST R1, RK_R1\
RK_WAIT LDI R0, KBSR_ADDR\
\        BRzp RK_WAIT\
\        LDI R0, KBDR_ADDR\
RK_ECHO LDI R1, DSR_ADDR\
\        BRzp RK_ECHO\
\        STI R0, DDR_ADDR\
\        LD R1, RK_R1\
\        RET\
RK_R1   .BLKW 1\
KBSR_ADDR .FILL xFE00\
KBDR_ADDR .FILL xFE02\
DSR_ADDR  .FILL xFE04\
DDR_ADDR  .FILL xFE06
