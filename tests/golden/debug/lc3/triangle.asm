; triangle.asm: reads a digit n, computes 1 + 2 + ... + n in a subroutine,
; keeps the result three ways (ST, STR, STI) and prints it as a digit.
        .ORIG x3000
; main. Registers: R0 = the key, then n, then the sum; R1 = a constant;
; R2 = the address of RESULT.
        GETC                ; R0 = n, from its ASCII digit
        LD R1, NEG_ZERO
        ADD R0, R0, R1
        JSR TRIANGLE        ; R0 = 1 + ... + n
        ST R0, RESULT       ; keep it at RESULT, COPY and *PTR
        LEA R2, RESULT
        STR R0, R2, #1
        STI R0, PTR
        LD R1, ZERO         ; print it as a digit
        ADD R0, R0, R1
        OUT
        HALT

; TRIANGLE: R0 = n -> R0 = 1 + 2 + ... + n. Registers: R3 = the sum so far.
TRIANGLE
        AND R3, R3, #0
LOOP    ADD R3, R3, R0      ; add n, n-1, ..., 1
        ADD R0, R0, #-1
        BRp LOOP
        ADD R0, R3, #0
        RET

NEG_ZERO .FILL #-48
ZERO    .FILL #48
RESULT  .FILL #0
COPY    .FILL #0
PTR     .FILL COPY2
COPY2   .FILL #0
        .END
