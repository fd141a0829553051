; Prints forever without reading a key: the output cap and the instruction
; cap must end every test, and the report stays small.
        .ORIG x3000
LOOP    LD R0, CHAR
        OUT
        BRnzp LOOP
CHAR    .FILL x006F
        .END
