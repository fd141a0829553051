; charcount.asm: the reference solution of the LC-3 lab "counting
; characters" (README.md beside it is the handout), graded by
; charcount.spec: the string at x4000, the counts at x3F00-x3F02, the
; length in R5, then HALT.
        .ORIG x3000
        AND R1, R1, #0          ; upper-case letters
        AND R2, R2, #0          ; lower-case letters
        AND R3, R3, #0          ; digits
        AND R5, R5, #0          ; the length
        LD R4, TEXT             ; R4 walks the string
LOOP    LDR R0, R4, #0
        BRz DONE
        ADD R5, R5, #1
        ADD R4, R4, #1
        LD R6, NEG0
        ADD R6, R0, R6          ; c - '0'
        BRn NEXT                ; below '0': nothing counted
        ADD R7, R6, #-9         ; c - '9'
        BRp UPPERQ
        ADD R3, R3, #1
        BRnzp LOOP
UPPERQ  LD R6, NEGA
        ADD R6, R0, R6          ; c - 'A'
        BRn NEXT
        ADD R7, R6, #-12
        ADD R7, R7, #-13        ; c - 'Z'
        BRp LOWERQ
        ADD R1, R1, #1
        BRnzp LOOP
LOWERQ  LD R6, NEGLA
        ADD R6, R0, R6          ; c - 'a'
        BRn NEXT
        ADD R7, R6, #-12
        ADD R7, R7, #-13        ; c - 'z'
        BRp NEXT
        ADD R2, R2, #1
NEXT    BRnzp LOOP
DONE    STI R1, AUP
        STI R2, ALOW
        STI R3, ADIG
        HALT
TEXT    .FILL x4000
AUP     .FILL x3F00
ALOW    .FILL x3F01
ADIG    .FILL x3F02
NEG0    .FILL #-48
NEGA    .FILL #-65
NEGLA   .FILL #-97
        .END
