; Installs a keyboard interrupt handler with a block at x0180 (the vector)
; after the program at x3000: loading must leave the OS alone.
        .ORIG x3000
        LEA R0, MSG
        PUTS
        HALT
MSG     .STRINGZ "the OS is intact\n"
        .END
        .ORIG x0180
        .FILL x1000
        .END
