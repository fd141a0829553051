; An illegal opcode under --check=error: the watched run stops before it
; for the checker, then the step that raises it stops the run there, at
; its line, before the OS's handler (issue 31 item 9).
        .ORIG x3000
        JSR WORK
        HALT
WORK    ADD R1, R1, #1
        .FILL xD000         ; opcode 1101
        RET
        .END
