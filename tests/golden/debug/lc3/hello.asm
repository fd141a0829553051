; hello.asm: greets, then reads one key, keeps it at KEY and echoes it.
        .ORIG x3000
; main. Registers: R0 = the string's address, then the key.
        LEA R0, GREETING    ; print the greeting
        PUTS
        GETC                ; R0 = a key, kept at KEY and echoed
        ST R0, KEY
        OUT
        HALT

GREETING .STRINGZ "hi! "
KEY     .FILL #0
        .END
