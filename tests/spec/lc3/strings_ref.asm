; strings_ref.asm: the reference solution of a small LC-3 lab on strings
; and arrays, graded by strings.spec (tests/cli/lc3grade_spec.sh).
;
; The handout's conventions:
;   - the arguments come in R0, R1, ... in order; an argument past those
;     the handout names is on the stack: 0(R6) is the first of them;
;   - the result, if any, is in R0;
;   - every subroutine gives back R1-R5 and R6 as it got them (R0 and R7
;     it may change; save R7 before a JSR or a TRAP, or RET goes astray);
;   - a string is one character per word, ended by a word of 0;
;   - no TRAP, but in PRINT_LINE, which prints with PUTS and OUT, and in
;     READ_DIGIT, which reads a key with GETC;
;   - a subroutine writes only into the string or array it is given to
;     change.
;
; STRLEN      R0 = s: R0 = how many characters s has (the 0 not counted).
; ARRAY_MAX   R0 = a, R1 = n (n >= 1, each a[i] from -16384 to 16383):
;             R0 = the largest of a[0] .. a[n-1].
; REVERSE     R0 = s: reverses the characters of s in place (the 0 stays
;             where it is); it must use STRLEN.
; CLAMP       R0 = x, R1 = lo, 0(R6) = hi (lo <= hi, all from -1000 to
;             1000): R0 = lo if x < lo, hi if x > hi, else x.
; PRINT_LINE  R0 = s: prints s and then a newline.
; READ_DIGIT  reads one key (GETC, no echo): R0 = its value if it is a digit
;             0-9, else -1.
        .ORIG x3000

STRLEN  ST R1, SL_R1
        ST R2, SL_R2
        ADD R1, R0, #0          ; R1 walks the string
        AND R0, R0, #0          ; R0 counts
SL_LOOP LDR R2, R1, #0
        BRz SL_DONE
        ADD R0, R0, #1
        ADD R1, R1, #1
        BRnzp SL_LOOP
SL_DONE LD R1, SL_R1
        LD R2, SL_R2
        RET
SL_R1   .BLKW 1
SL_R2   .BLKW 1

ARRAY_MAX
        ST R1, AM_R1
        ST R2, AM_R2
        ST R3, AM_R3
        ST R4, AM_R4
        ADD R2, R0, #0          ; R2 walks the array
        LDR R0, R2, #0          ; the largest so far: a[0]
AM_LOOP ADD R1, R1, #-1
        BRnz AM_DONE
        ADD R2, R2, #1
        LDR R3, R2, #0
        NOT R4, R0              ; R4 = a[i] - largest (no overflow in range)
        ADD R4, R4, #1
        ADD R4, R3, R4
        BRnz AM_LOOP
        ADD R0, R3, #0
        BRnzp AM_LOOP
AM_DONE LD R1, AM_R1
        LD R2, AM_R2
        LD R3, AM_R3
        LD R4, AM_R4
        RET
AM_R1   .BLKW 1
AM_R2   .BLKW 1
AM_R3   .BLKW 1
AM_R4   .BLKW 1

REVERSE ST R1, RV_R1
        ST R2, RV_R2
        ST R3, RV_R3
        ST R4, RV_R4
        ST R7, RV_R7
        ADD R1, R0, #0          ; R1: the front
        JSR STRLEN
        ADD R2, R1, R0
        ADD R2, R2, #-1         ; R2: the back, the last character
RV_LOOP NOT R3, R1              ; while back - front > 0
        ADD R3, R3, #1
        ADD R3, R2, R3
        BRnz RV_DONE
        LDR R3, R1, #0
        LDR R4, R2, #0
        STR R4, R1, #0
        STR R3, R2, #0
        ADD R1, R1, #1
        ADD R2, R2, #-1
        BRnzp RV_LOOP
RV_DONE LD R1, RV_R1
        LD R2, RV_R2
        LD R3, RV_R3
        LD R4, RV_R4
        LD R7, RV_R7
        RET
RV_R1   .BLKW 1
RV_R2   .BLKW 1
RV_R3   .BLKW 1
RV_R4   .BLKW 1
RV_R7   .BLKW 1

CLAMP   ST R2, CL_R2
        ST R3, CL_R3
        LDR R2, R6, #0          ; R2 = hi
        NOT R3, R1              ; x - lo < 0: x = lo
        ADD R3, R3, #1
        ADD R3, R0, R3
        BRzp CL_HI
        ADD R0, R1, #0
CL_HI   NOT R3, R2              ; x - hi > 0: x = hi
        ADD R3, R3, #1
        ADD R3, R0, R3
        BRnz CL_DONE
        ADD R0, R2, #0
CL_DONE LD R2, CL_R2
        LD R3, CL_R3
        RET
CL_R2   .BLKW 1
CL_R3   .BLKW 1

PRINT_LINE
        ST R7, PL_R7
        PUTS
        LD R0, PL_NL
        OUT
        LD R7, PL_R7
        RET
PL_R7   .BLKW 1
PL_NL   .FILL x000A

READ_DIGIT
        ST R7, RD_R7
        ST R1, RD_R1
        GETC
        LD R1, RD_ZERO
        ADD R0, R0, R1          ; the key - '0'
        BRn RD_BAD
        ADD R1, R0, #-9
        BRnz RD_DONE
RD_BAD  AND R0, R0, #0
        ADD R0, R0, #-1
RD_DONE LD R7, RD_R7
        LD R1, RD_R1
        RET
RD_R7   .BLKW 1
RD_R1   .BLKW 1
RD_ZERO .FILL xFFD0             ; -'0'

        .END
