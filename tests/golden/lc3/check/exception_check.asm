; An RTI in user mode under --check without error: the run goes on into
; the OS's handler, whose message and HALT follow, and the exception is
; reported at its line at the end with status 6 (issue 31 item 9).
        .ORIG x3000
        AND R0, R0, #0
        RTI
        .END
