; stack_saves.asm: a correct solution of strings_ref.asm's handout that
; saves registers by pushing them on the R6 stack (and pops them back),
; and walks with pointers compared by difference.
        .ORIG x3000

; STRLEN: R0 = s -> R0 = its length, as the address of its 0 minus s.
STRLEN  ADD R6, R6, #-2
        STR R1, R6, #0
        STR R2, R6, #1
        ADD R1, R0, #0
SL_NEXT LDR R2, R1, #0
        BRz SL_END
        ADD R1, R1, #1
        BRnzp SL_NEXT
SL_END  NOT R0, R0
        ADD R0, R0, #1
        ADD R0, R1, R0
        LDR R1, R6, #0
        LDR R2, R6, #1
        ADD R6, R6, #2
        RET

; ARRAY_MAX: from the last element down to the first.
ARRAY_MAX
        ADD R6, R6, #-3
        STR R1, R6, #0
        STR R2, R6, #1
        STR R3, R6, #2
        ADD R2, R0, R1
        ADD R2, R2, #-1         ; R2: the last element
        LDR R0, R2, #0
AM_NEXT ADD R1, R1, #-1
        BRz AM_END
        ADD R2, R2, #-1
        LDR R3, R2, #0
        NOT R3, R3
        ADD R3, R3, #1
        ADD R3, R0, R3          ; largest - a[i] < 0: a new largest
        BRzp AM_NEXT
        LDR R0, R2, #0
        BRnzp AM_NEXT
AM_END  LDR R1, R6, #0
        LDR R2, R6, #1
        LDR R3, R6, #2
        ADD R6, R6, #3
        RET

; REVERSE: i from 0 up, j from length - 1 down, swapped while i < j.
REVERSE ADD R6, R6, #-6
        STR R7, R6, #0
        STR R1, R6, #1
        STR R2, R6, #2
        STR R3, R6, #3
        STR R4, R6, #4
        STR R5, R6, #5
        ADD R5, R0, #0          ; R5 = s
        JSR STRLEN
        ADD R2, R0, #-1         ; j
        AND R1, R1, #0          ; i
RV_NEXT NOT R3, R2
        ADD R3, R3, #1
        ADD R3, R1, R3          ; i - j >= 0: done
        BRzp RV_END
        ADD R3, R5, R1
        ADD R4, R5, R2
        LDR R0, R3, #0
        STR R0, R6, #-1         ; the front character, below the stack
        LDR R0, R4, #0
        STR R0, R3, #0
        LDR R0, R6, #-1
        STR R0, R4, #0
        ADD R1, R1, #1
        ADD R2, R2, #-1
        BRnzp RV_NEXT
RV_END  LDR R7, R6, #0
        LDR R1, R6, #1
        LDR R2, R6, #2
        LDR R3, R6, #3
        LDR R4, R6, #4
        LDR R5, R6, #5
        ADD R6, R6, #6
        RET

; CLAMP: hi first, then lo; hi is the word at R6 on entry.
CLAMP   ADD R6, R6, #-1
        STR R2, R6, #0
        LDR R2, R6, #1          ; hi, one word up now
        NOT R2, R2
        ADD R2, R2, #1
        ADD R2, R0, R2
        BRnz CL_LO
        LDR R0, R6, #1
        BRnzp CL_END
CL_LO   NOT R2, R1
        ADD R2, R2, #1
        ADD R2, R0, R2
        BRzp CL_END
        ADD R0, R1, #0
CL_END  LDR R2, R6, #0
        ADD R6, R6, #1
        RET

; PRINT_LINE: one OUT per character, then a newline.
PRINT_LINE
        ADD R6, R6, #-2
        STR R7, R6, #0
        STR R1, R6, #1
        ADD R1, R0, #0
PL_NEXT LDR R0, R1, #0
        BRz PL_END
        OUT
        ADD R1, R1, #1
        BRnzp PL_NEXT
PL_END  AND R0, R0, #0
        ADD R0, R0, #10
        OUT
        LDR R7, R6, #0
        LDR R1, R6, #1
        ADD R6, R6, #2
        RET

; READ_DIGIT: the key against '0' and '9' by subtraction, R1 on the stack.
READ_DIGIT
        ADD R6, R6, #-2
        STR R7, R6, #0
        STR R1, R6, #1
        GETC
        LD R1, RD_NINE
        ADD R1, R0, R1          ; key - '9' > 0: not a digit
        BRp RD_NO
        LD R1, RD_ZERO
        ADD R0, R0, R1
        BRzp RD_END
RD_NO   AND R0, R0, #0
        ADD R0, R0, #-1
RD_END  LDR R7, R6, #0
        LDR R1, R6, #1
        ADD R6, R6, #2
        RET
RD_NINE .FILL xFFC7             ; -'9'
RD_ZERO .FILL xFFD0             ; -'0'

        .END
