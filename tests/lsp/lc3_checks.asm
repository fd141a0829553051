; The checks that show without running, and the semantic tokens.
        .ORIG x3000
MAIN    LD R1, COUNT
        ST R1, PATCH        ; overwrites an instruction
        TRAP x26            ; a vector the OS does not serve
        TRAP x25            ; HALT
PATCH   ADD R0, R0, #1
        ST R1, COUNT        ; data
        STR R7, R6, #0      ; registers by their use
        BRnzp MAIN
COUNT   .FILL #5
        .FILL xF026         ; data that looks like a TRAP
        .END
