; Replaces the trap vector table and the OS with its own words: the machine
; runs whatever it finds, and the grader must score it without crashing.
        .ORIG x0000
        .BLKW #768 xFFFF
        .END
        .ORIG x3000
        LEA R0, MSG
        PUTS
        HALT
MSG     .STRINGZ "ROW A: ooo"
        .END
