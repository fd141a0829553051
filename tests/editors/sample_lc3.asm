; An LC-3 sample for the grammar test: every directive, each TRAP alias,
; the instructions and every number spelling.
        .ORIG   x3000
START   LEA     R0, PROMPT      ; address of the prompt
        PUTS
        GETC
        OUT
        PUTC                    ; lc3tools' second name for OUT
        IN
        AND     R1, R1, #0
        ADD     R1, R1, #-5
        ADD     R2, r1, 10
        LD      R3, MASK
        LDI     R4, PTR
        LDR     R5, R6, #-1
        NOT     R5, R5
        BRnzp   NEXT
NEXT:   BRz     START
        BR      DONE
        JSR     SUB
        JSRR    R3
        ST      R1, SAVE
        STI     R1, PTR
        STR     R1, R6, x-1
        TRAP    x25
DONE    LEA     R0, BYE
        PUTSP
        HALT
SUB     RET
        JMP     R7
        RTI
PROMPT  .STRINGZ "Type a key:\n\t\"now\""
BYE     .STRINGZ "bye\q"
MASK    .FILL   xFF00
PTR     .FILL   b1010
SAVE    .BLKW   2
SIGNED  .FILL   #-32768
HEX     .FILL   0x7FFF
        .END
