; The operating system lc3sim runs programs on: the trap and interrupt vector
; tables, the TRAP routines x20-x25, and what happens on an exception or an
; undefined trap. lc3as assembles it when lc3sim is built, and lc3sim embeds
; the image (lc3sim/lc3_os.h).
;
; How the routines are entered: the machine's TRAP, like an interrupt or an
; exception, pushes PSR and PC on the supervisor stack (R6, switched from the
; user's R6 if the caller runs in user mode) and does not touch R7. So every
; routine ends with RTI, and one routine may call another with TRAP (PUTS
; prints with OUT): the nested call runs on the same stack. Each routine
; saves on that stack the registers it uses and restores them: only R0
; changes, where a trap returns a value in it. HALT and the fault handlers
; never return, and leave R0 and R1 changed.
;
; Instruction counts: every path takes exactly as many instructions as the
; OS of lc3tools takes for the same work, the TRAP itself counted as one, so
; instruction limits and --stats agree with lc3tools (the grader's limits are
; counted that way):
;   GETC  5                   (a key waiting; 2 more per poll of KBSR)
;   OUT   9
;   PUTS  13 + 13 per character
;   IN    305                 (a key waiting)
;   PUTSP 10, then 76 + the number of 1 bits in the high byte for each word
;         of two characters, then 13 for a word whose low byte is x00, or
;         74 for a last word with one character
;   HALT  383                 (up to the store that stops the clock)
;   an exception or an undefined trap: 1 for the faulting instruction, then
;         14 + 13 per character of its message, then HALT's 383
; Our own text, written to these counts: it is why each register is pushed
; and popped on its own (ADD R6 then STR), and why the traps nest.
; tests/unit/test_lc3_os.c checks every count above.
;
; The routines drive the devices themselves: they wait for KBSR[15] and read
; KBDR, wait for DSR[15] and write DDR, and stop the machine by clearing
; MCR[15].
;
; Memory: trap vector table x0000-x00FF, interrupt vector table x0100-x01FF,
; code from x0200, the supervisor stack below x3000.

; ---------------------------------------------------------------------------
; Trap vector table: TRAP n jumps to the address in word n.
        .ORIG x0000
        .FILL BAD_TRAP                ; x00
        .FILL BAD_TRAP                ; x01
        .FILL BAD_TRAP                ; x02
        .FILL BAD_TRAP                ; x03
        .FILL BAD_TRAP                ; x04
        .FILL BAD_TRAP                ; x05
        .FILL BAD_TRAP                ; x06
        .FILL BAD_TRAP                ; x07
        .FILL BAD_TRAP                ; x08
        .FILL BAD_TRAP                ; x09
        .FILL BAD_TRAP                ; x0A
        .FILL BAD_TRAP                ; x0B
        .FILL BAD_TRAP                ; x0C
        .FILL BAD_TRAP                ; x0D
        .FILL BAD_TRAP                ; x0E
        .FILL BAD_TRAP                ; x0F
        .FILL BAD_TRAP                ; x10
        .FILL BAD_TRAP                ; x11
        .FILL BAD_TRAP                ; x12
        .FILL BAD_TRAP                ; x13
        .FILL BAD_TRAP                ; x14
        .FILL BAD_TRAP                ; x15
        .FILL BAD_TRAP                ; x16
        .FILL BAD_TRAP                ; x17
        .FILL BAD_TRAP                ; x18
        .FILL BAD_TRAP                ; x19
        .FILL BAD_TRAP                ; x1A
        .FILL BAD_TRAP                ; x1B
        .FILL BAD_TRAP                ; x1C
        .FILL BAD_TRAP                ; x1D
        .FILL BAD_TRAP                ; x1E
        .FILL BAD_TRAP                ; x1F
        .FILL TRAP_GETC               ; x20
        .FILL TRAP_OUT                ; x21
        .FILL TRAP_PUTS               ; x22
        .FILL TRAP_IN                 ; x23
        .FILL TRAP_PUTSP              ; x24
        .FILL TRAP_HALT               ; x25
        .FILL BAD_TRAP                ; x26
        .FILL BAD_TRAP                ; x27
        .FILL BAD_TRAP                ; x28
        .FILL BAD_TRAP                ; x29
        .FILL BAD_TRAP                ; x2A
        .FILL BAD_TRAP                ; x2B
        .FILL BAD_TRAP                ; x2C
        .FILL BAD_TRAP                ; x2D
        .FILL BAD_TRAP                ; x2E
        .FILL BAD_TRAP                ; x2F
        .FILL BAD_TRAP                ; x30
        .FILL BAD_TRAP                ; x31
        .FILL BAD_TRAP                ; x32
        .FILL BAD_TRAP                ; x33
        .FILL BAD_TRAP                ; x34
        .FILL BAD_TRAP                ; x35
        .FILL BAD_TRAP                ; x36
        .FILL BAD_TRAP                ; x37
        .FILL BAD_TRAP                ; x38
        .FILL BAD_TRAP                ; x39
        .FILL BAD_TRAP                ; x3A
        .FILL BAD_TRAP                ; x3B
        .FILL BAD_TRAP                ; x3C
        .FILL BAD_TRAP                ; x3D
        .FILL BAD_TRAP                ; x3E
        .FILL BAD_TRAP                ; x3F
        .FILL BAD_TRAP                ; x40
        .FILL BAD_TRAP                ; x41
        .FILL BAD_TRAP                ; x42
        .FILL BAD_TRAP                ; x43
        .FILL BAD_TRAP                ; x44
        .FILL BAD_TRAP                ; x45
        .FILL BAD_TRAP                ; x46
        .FILL BAD_TRAP                ; x47
        .FILL BAD_TRAP                ; x48
        .FILL BAD_TRAP                ; x49
        .FILL BAD_TRAP                ; x4A
        .FILL BAD_TRAP                ; x4B
        .FILL BAD_TRAP                ; x4C
        .FILL BAD_TRAP                ; x4D
        .FILL BAD_TRAP                ; x4E
        .FILL BAD_TRAP                ; x4F
        .FILL BAD_TRAP                ; x50
        .FILL BAD_TRAP                ; x51
        .FILL BAD_TRAP                ; x52
        .FILL BAD_TRAP                ; x53
        .FILL BAD_TRAP                ; x54
        .FILL BAD_TRAP                ; x55
        .FILL BAD_TRAP                ; x56
        .FILL BAD_TRAP                ; x57
        .FILL BAD_TRAP                ; x58
        .FILL BAD_TRAP                ; x59
        .FILL BAD_TRAP                ; x5A
        .FILL BAD_TRAP                ; x5B
        .FILL BAD_TRAP                ; x5C
        .FILL BAD_TRAP                ; x5D
        .FILL BAD_TRAP                ; x5E
        .FILL BAD_TRAP                ; x5F
        .FILL BAD_TRAP                ; x60
        .FILL BAD_TRAP                ; x61
        .FILL BAD_TRAP                ; x62
        .FILL BAD_TRAP                ; x63
        .FILL BAD_TRAP                ; x64
        .FILL BAD_TRAP                ; x65
        .FILL BAD_TRAP                ; x66
        .FILL BAD_TRAP                ; x67
        .FILL BAD_TRAP                ; x68
        .FILL BAD_TRAP                ; x69
        .FILL BAD_TRAP                ; x6A
        .FILL BAD_TRAP                ; x6B
        .FILL BAD_TRAP                ; x6C
        .FILL BAD_TRAP                ; x6D
        .FILL BAD_TRAP                ; x6E
        .FILL BAD_TRAP                ; x6F
        .FILL BAD_TRAP                ; x70
        .FILL BAD_TRAP                ; x71
        .FILL BAD_TRAP                ; x72
        .FILL BAD_TRAP                ; x73
        .FILL BAD_TRAP                ; x74
        .FILL BAD_TRAP                ; x75
        .FILL BAD_TRAP                ; x76
        .FILL BAD_TRAP                ; x77
        .FILL BAD_TRAP                ; x78
        .FILL BAD_TRAP                ; x79
        .FILL BAD_TRAP                ; x7A
        .FILL BAD_TRAP                ; x7B
        .FILL BAD_TRAP                ; x7C
        .FILL BAD_TRAP                ; x7D
        .FILL BAD_TRAP                ; x7E
        .FILL BAD_TRAP                ; x7F
        .FILL BAD_TRAP                ; x80
        .FILL BAD_TRAP                ; x81
        .FILL BAD_TRAP                ; x82
        .FILL BAD_TRAP                ; x83
        .FILL BAD_TRAP                ; x84
        .FILL BAD_TRAP                ; x85
        .FILL BAD_TRAP                ; x86
        .FILL BAD_TRAP                ; x87
        .FILL BAD_TRAP                ; x88
        .FILL BAD_TRAP                ; x89
        .FILL BAD_TRAP                ; x8A
        .FILL BAD_TRAP                ; x8B
        .FILL BAD_TRAP                ; x8C
        .FILL BAD_TRAP                ; x8D
        .FILL BAD_TRAP                ; x8E
        .FILL BAD_TRAP                ; x8F
        .FILL BAD_TRAP                ; x90
        .FILL BAD_TRAP                ; x91
        .FILL BAD_TRAP                ; x92
        .FILL BAD_TRAP                ; x93
        .FILL BAD_TRAP                ; x94
        .FILL BAD_TRAP                ; x95
        .FILL BAD_TRAP                ; x96
        .FILL BAD_TRAP                ; x97
        .FILL BAD_TRAP                ; x98
        .FILL BAD_TRAP                ; x99
        .FILL BAD_TRAP                ; x9A
        .FILL BAD_TRAP                ; x9B
        .FILL BAD_TRAP                ; x9C
        .FILL BAD_TRAP                ; x9D
        .FILL BAD_TRAP                ; x9E
        .FILL BAD_TRAP                ; x9F
        .FILL BAD_TRAP                ; xA0
        .FILL BAD_TRAP                ; xA1
        .FILL BAD_TRAP                ; xA2
        .FILL BAD_TRAP                ; xA3
        .FILL BAD_TRAP                ; xA4
        .FILL BAD_TRAP                ; xA5
        .FILL BAD_TRAP                ; xA6
        .FILL BAD_TRAP                ; xA7
        .FILL BAD_TRAP                ; xA8
        .FILL BAD_TRAP                ; xA9
        .FILL BAD_TRAP                ; xAA
        .FILL BAD_TRAP                ; xAB
        .FILL BAD_TRAP                ; xAC
        .FILL BAD_TRAP                ; xAD
        .FILL BAD_TRAP                ; xAE
        .FILL BAD_TRAP                ; xAF
        .FILL BAD_TRAP                ; xB0
        .FILL BAD_TRAP                ; xB1
        .FILL BAD_TRAP                ; xB2
        .FILL BAD_TRAP                ; xB3
        .FILL BAD_TRAP                ; xB4
        .FILL BAD_TRAP                ; xB5
        .FILL BAD_TRAP                ; xB6
        .FILL BAD_TRAP                ; xB7
        .FILL BAD_TRAP                ; xB8
        .FILL BAD_TRAP                ; xB9
        .FILL BAD_TRAP                ; xBA
        .FILL BAD_TRAP                ; xBB
        .FILL BAD_TRAP                ; xBC
        .FILL BAD_TRAP                ; xBD
        .FILL BAD_TRAP                ; xBE
        .FILL BAD_TRAP                ; xBF
        .FILL BAD_TRAP                ; xC0
        .FILL BAD_TRAP                ; xC1
        .FILL BAD_TRAP                ; xC2
        .FILL BAD_TRAP                ; xC3
        .FILL BAD_TRAP                ; xC4
        .FILL BAD_TRAP                ; xC5
        .FILL BAD_TRAP                ; xC6
        .FILL BAD_TRAP                ; xC7
        .FILL BAD_TRAP                ; xC8
        .FILL BAD_TRAP                ; xC9
        .FILL BAD_TRAP                ; xCA
        .FILL BAD_TRAP                ; xCB
        .FILL BAD_TRAP                ; xCC
        .FILL BAD_TRAP                ; xCD
        .FILL BAD_TRAP                ; xCE
        .FILL BAD_TRAP                ; xCF
        .FILL BAD_TRAP                ; xD0
        .FILL BAD_TRAP                ; xD1
        .FILL BAD_TRAP                ; xD2
        .FILL BAD_TRAP                ; xD3
        .FILL BAD_TRAP                ; xD4
        .FILL BAD_TRAP                ; xD5
        .FILL BAD_TRAP                ; xD6
        .FILL BAD_TRAP                ; xD7
        .FILL BAD_TRAP                ; xD8
        .FILL BAD_TRAP                ; xD9
        .FILL BAD_TRAP                ; xDA
        .FILL BAD_TRAP                ; xDB
        .FILL BAD_TRAP                ; xDC
        .FILL BAD_TRAP                ; xDD
        .FILL BAD_TRAP                ; xDE
        .FILL BAD_TRAP                ; xDF
        .FILL BAD_TRAP                ; xE0
        .FILL BAD_TRAP                ; xE1
        .FILL BAD_TRAP                ; xE2
        .FILL BAD_TRAP                ; xE3
        .FILL BAD_TRAP                ; xE4
        .FILL BAD_TRAP                ; xE5
        .FILL BAD_TRAP                ; xE6
        .FILL BAD_TRAP                ; xE7
        .FILL BAD_TRAP                ; xE8
        .FILL BAD_TRAP                ; xE9
        .FILL BAD_TRAP                ; xEA
        .FILL BAD_TRAP                ; xEB
        .FILL BAD_TRAP                ; xEC
        .FILL BAD_TRAP                ; xED
        .FILL BAD_TRAP                ; xEE
        .FILL BAD_TRAP                ; xEF
        .FILL BAD_TRAP                ; xF0
        .FILL BAD_TRAP                ; xF1
        .FILL BAD_TRAP                ; xF2
        .FILL BAD_TRAP                ; xF3
        .FILL BAD_TRAP                ; xF4
        .FILL BAD_TRAP                ; xF5
        .FILL BAD_TRAP                ; xF6
        .FILL BAD_TRAP                ; xF7
        .FILL BAD_TRAP                ; xF8
        .FILL BAD_TRAP                ; xF9
        .FILL BAD_TRAP                ; xFA
        .FILL BAD_TRAP                ; xFB
        .FILL BAD_TRAP                ; xFC
        .FILL BAD_TRAP                ; xFD
        .FILL BAD_TRAP                ; xFE
        .FILL BAD_TRAP                ; xFF
        .END

; ---------------------------------------------------------------------------
; Interrupt vector table: exception or interrupt vector n goes through word
; x0100 + n. x00-x02 are the exceptions, x80 the keyboard.
        .ORIG x0100
        .FILL PRIVILEGE_HANDLER       ; x00
        .FILL ILLEGAL_OPCODE_HANDLER  ; x01
        .FILL ACCESS_HANDLER          ; x02
        .FILL BAD_INTERRUPT           ; x03
        .FILL BAD_INTERRUPT           ; x04
        .FILL BAD_INTERRUPT           ; x05
        .FILL BAD_INTERRUPT           ; x06
        .FILL BAD_INTERRUPT           ; x07
        .FILL BAD_INTERRUPT           ; x08
        .FILL BAD_INTERRUPT           ; x09
        .FILL BAD_INTERRUPT           ; x0A
        .FILL BAD_INTERRUPT           ; x0B
        .FILL BAD_INTERRUPT           ; x0C
        .FILL BAD_INTERRUPT           ; x0D
        .FILL BAD_INTERRUPT           ; x0E
        .FILL BAD_INTERRUPT           ; x0F
        .FILL BAD_INTERRUPT           ; x10
        .FILL BAD_INTERRUPT           ; x11
        .FILL BAD_INTERRUPT           ; x12
        .FILL BAD_INTERRUPT           ; x13
        .FILL BAD_INTERRUPT           ; x14
        .FILL BAD_INTERRUPT           ; x15
        .FILL BAD_INTERRUPT           ; x16
        .FILL BAD_INTERRUPT           ; x17
        .FILL BAD_INTERRUPT           ; x18
        .FILL BAD_INTERRUPT           ; x19
        .FILL BAD_INTERRUPT           ; x1A
        .FILL BAD_INTERRUPT           ; x1B
        .FILL BAD_INTERRUPT           ; x1C
        .FILL BAD_INTERRUPT           ; x1D
        .FILL BAD_INTERRUPT           ; x1E
        .FILL BAD_INTERRUPT           ; x1F
        .FILL BAD_INTERRUPT           ; x20
        .FILL BAD_INTERRUPT           ; x21
        .FILL BAD_INTERRUPT           ; x22
        .FILL BAD_INTERRUPT           ; x23
        .FILL BAD_INTERRUPT           ; x24
        .FILL BAD_INTERRUPT           ; x25
        .FILL BAD_INTERRUPT           ; x26
        .FILL BAD_INTERRUPT           ; x27
        .FILL BAD_INTERRUPT           ; x28
        .FILL BAD_INTERRUPT           ; x29
        .FILL BAD_INTERRUPT           ; x2A
        .FILL BAD_INTERRUPT           ; x2B
        .FILL BAD_INTERRUPT           ; x2C
        .FILL BAD_INTERRUPT           ; x2D
        .FILL BAD_INTERRUPT           ; x2E
        .FILL BAD_INTERRUPT           ; x2F
        .FILL BAD_INTERRUPT           ; x30
        .FILL BAD_INTERRUPT           ; x31
        .FILL BAD_INTERRUPT           ; x32
        .FILL BAD_INTERRUPT           ; x33
        .FILL BAD_INTERRUPT           ; x34
        .FILL BAD_INTERRUPT           ; x35
        .FILL BAD_INTERRUPT           ; x36
        .FILL BAD_INTERRUPT           ; x37
        .FILL BAD_INTERRUPT           ; x38
        .FILL BAD_INTERRUPT           ; x39
        .FILL BAD_INTERRUPT           ; x3A
        .FILL BAD_INTERRUPT           ; x3B
        .FILL BAD_INTERRUPT           ; x3C
        .FILL BAD_INTERRUPT           ; x3D
        .FILL BAD_INTERRUPT           ; x3E
        .FILL BAD_INTERRUPT           ; x3F
        .FILL BAD_INTERRUPT           ; x40
        .FILL BAD_INTERRUPT           ; x41
        .FILL BAD_INTERRUPT           ; x42
        .FILL BAD_INTERRUPT           ; x43
        .FILL BAD_INTERRUPT           ; x44
        .FILL BAD_INTERRUPT           ; x45
        .FILL BAD_INTERRUPT           ; x46
        .FILL BAD_INTERRUPT           ; x47
        .FILL BAD_INTERRUPT           ; x48
        .FILL BAD_INTERRUPT           ; x49
        .FILL BAD_INTERRUPT           ; x4A
        .FILL BAD_INTERRUPT           ; x4B
        .FILL BAD_INTERRUPT           ; x4C
        .FILL BAD_INTERRUPT           ; x4D
        .FILL BAD_INTERRUPT           ; x4E
        .FILL BAD_INTERRUPT           ; x4F
        .FILL BAD_INTERRUPT           ; x50
        .FILL BAD_INTERRUPT           ; x51
        .FILL BAD_INTERRUPT           ; x52
        .FILL BAD_INTERRUPT           ; x53
        .FILL BAD_INTERRUPT           ; x54
        .FILL BAD_INTERRUPT           ; x55
        .FILL BAD_INTERRUPT           ; x56
        .FILL BAD_INTERRUPT           ; x57
        .FILL BAD_INTERRUPT           ; x58
        .FILL BAD_INTERRUPT           ; x59
        .FILL BAD_INTERRUPT           ; x5A
        .FILL BAD_INTERRUPT           ; x5B
        .FILL BAD_INTERRUPT           ; x5C
        .FILL BAD_INTERRUPT           ; x5D
        .FILL BAD_INTERRUPT           ; x5E
        .FILL BAD_INTERRUPT           ; x5F
        .FILL BAD_INTERRUPT           ; x60
        .FILL BAD_INTERRUPT           ; x61
        .FILL BAD_INTERRUPT           ; x62
        .FILL BAD_INTERRUPT           ; x63
        .FILL BAD_INTERRUPT           ; x64
        .FILL BAD_INTERRUPT           ; x65
        .FILL BAD_INTERRUPT           ; x66
        .FILL BAD_INTERRUPT           ; x67
        .FILL BAD_INTERRUPT           ; x68
        .FILL BAD_INTERRUPT           ; x69
        .FILL BAD_INTERRUPT           ; x6A
        .FILL BAD_INTERRUPT           ; x6B
        .FILL BAD_INTERRUPT           ; x6C
        .FILL BAD_INTERRUPT           ; x6D
        .FILL BAD_INTERRUPT           ; x6E
        .FILL BAD_INTERRUPT           ; x6F
        .FILL BAD_INTERRUPT           ; x70
        .FILL BAD_INTERRUPT           ; x71
        .FILL BAD_INTERRUPT           ; x72
        .FILL BAD_INTERRUPT           ; x73
        .FILL BAD_INTERRUPT           ; x74
        .FILL BAD_INTERRUPT           ; x75
        .FILL BAD_INTERRUPT           ; x76
        .FILL BAD_INTERRUPT           ; x77
        .FILL BAD_INTERRUPT           ; x78
        .FILL BAD_INTERRUPT           ; x79
        .FILL BAD_INTERRUPT           ; x7A
        .FILL BAD_INTERRUPT           ; x7B
        .FILL BAD_INTERRUPT           ; x7C
        .FILL BAD_INTERRUPT           ; x7D
        .FILL BAD_INTERRUPT           ; x7E
        .FILL BAD_INTERRUPT           ; x7F
        .FILL KEYBOARD_HANDLER        ; x80
        .FILL BAD_INTERRUPT           ; x81
        .FILL BAD_INTERRUPT           ; x82
        .FILL BAD_INTERRUPT           ; x83
        .FILL BAD_INTERRUPT           ; x84
        .FILL BAD_INTERRUPT           ; x85
        .FILL BAD_INTERRUPT           ; x86
        .FILL BAD_INTERRUPT           ; x87
        .FILL BAD_INTERRUPT           ; x88
        .FILL BAD_INTERRUPT           ; x89
        .FILL BAD_INTERRUPT           ; x8A
        .FILL BAD_INTERRUPT           ; x8B
        .FILL BAD_INTERRUPT           ; x8C
        .FILL BAD_INTERRUPT           ; x8D
        .FILL BAD_INTERRUPT           ; x8E
        .FILL BAD_INTERRUPT           ; x8F
        .FILL BAD_INTERRUPT           ; x90
        .FILL BAD_INTERRUPT           ; x91
        .FILL BAD_INTERRUPT           ; x92
        .FILL BAD_INTERRUPT           ; x93
        .FILL BAD_INTERRUPT           ; x94
        .FILL BAD_INTERRUPT           ; x95
        .FILL BAD_INTERRUPT           ; x96
        .FILL BAD_INTERRUPT           ; x97
        .FILL BAD_INTERRUPT           ; x98
        .FILL BAD_INTERRUPT           ; x99
        .FILL BAD_INTERRUPT           ; x9A
        .FILL BAD_INTERRUPT           ; x9B
        .FILL BAD_INTERRUPT           ; x9C
        .FILL BAD_INTERRUPT           ; x9D
        .FILL BAD_INTERRUPT           ; x9E
        .FILL BAD_INTERRUPT           ; x9F
        .FILL BAD_INTERRUPT           ; xA0
        .FILL BAD_INTERRUPT           ; xA1
        .FILL BAD_INTERRUPT           ; xA2
        .FILL BAD_INTERRUPT           ; xA3
        .FILL BAD_INTERRUPT           ; xA4
        .FILL BAD_INTERRUPT           ; xA5
        .FILL BAD_INTERRUPT           ; xA6
        .FILL BAD_INTERRUPT           ; xA7
        .FILL BAD_INTERRUPT           ; xA8
        .FILL BAD_INTERRUPT           ; xA9
        .FILL BAD_INTERRUPT           ; xAA
        .FILL BAD_INTERRUPT           ; xAB
        .FILL BAD_INTERRUPT           ; xAC
        .FILL BAD_INTERRUPT           ; xAD
        .FILL BAD_INTERRUPT           ; xAE
        .FILL BAD_INTERRUPT           ; xAF
        .FILL BAD_INTERRUPT           ; xB0
        .FILL BAD_INTERRUPT           ; xB1
        .FILL BAD_INTERRUPT           ; xB2
        .FILL BAD_INTERRUPT           ; xB3
        .FILL BAD_INTERRUPT           ; xB4
        .FILL BAD_INTERRUPT           ; xB5
        .FILL BAD_INTERRUPT           ; xB6
        .FILL BAD_INTERRUPT           ; xB7
        .FILL BAD_INTERRUPT           ; xB8
        .FILL BAD_INTERRUPT           ; xB9
        .FILL BAD_INTERRUPT           ; xBA
        .FILL BAD_INTERRUPT           ; xBB
        .FILL BAD_INTERRUPT           ; xBC
        .FILL BAD_INTERRUPT           ; xBD
        .FILL BAD_INTERRUPT           ; xBE
        .FILL BAD_INTERRUPT           ; xBF
        .FILL BAD_INTERRUPT           ; xC0
        .FILL BAD_INTERRUPT           ; xC1
        .FILL BAD_INTERRUPT           ; xC2
        .FILL BAD_INTERRUPT           ; xC3
        .FILL BAD_INTERRUPT           ; xC4
        .FILL BAD_INTERRUPT           ; xC5
        .FILL BAD_INTERRUPT           ; xC6
        .FILL BAD_INTERRUPT           ; xC7
        .FILL BAD_INTERRUPT           ; xC8
        .FILL BAD_INTERRUPT           ; xC9
        .FILL BAD_INTERRUPT           ; xCA
        .FILL BAD_INTERRUPT           ; xCB
        .FILL BAD_INTERRUPT           ; xCC
        .FILL BAD_INTERRUPT           ; xCD
        .FILL BAD_INTERRUPT           ; xCE
        .FILL BAD_INTERRUPT           ; xCF
        .FILL BAD_INTERRUPT           ; xD0
        .FILL BAD_INTERRUPT           ; xD1
        .FILL BAD_INTERRUPT           ; xD2
        .FILL BAD_INTERRUPT           ; xD3
        .FILL BAD_INTERRUPT           ; xD4
        .FILL BAD_INTERRUPT           ; xD5
        .FILL BAD_INTERRUPT           ; xD6
        .FILL BAD_INTERRUPT           ; xD7
        .FILL BAD_INTERRUPT           ; xD8
        .FILL BAD_INTERRUPT           ; xD9
        .FILL BAD_INTERRUPT           ; xDA
        .FILL BAD_INTERRUPT           ; xDB
        .FILL BAD_INTERRUPT           ; xDC
        .FILL BAD_INTERRUPT           ; xDD
        .FILL BAD_INTERRUPT           ; xDE
        .FILL BAD_INTERRUPT           ; xDF
        .FILL BAD_INTERRUPT           ; xE0
        .FILL BAD_INTERRUPT           ; xE1
        .FILL BAD_INTERRUPT           ; xE2
        .FILL BAD_INTERRUPT           ; xE3
        .FILL BAD_INTERRUPT           ; xE4
        .FILL BAD_INTERRUPT           ; xE5
        .FILL BAD_INTERRUPT           ; xE6
        .FILL BAD_INTERRUPT           ; xE7
        .FILL BAD_INTERRUPT           ; xE8
        .FILL BAD_INTERRUPT           ; xE9
        .FILL BAD_INTERRUPT           ; xEA
        .FILL BAD_INTERRUPT           ; xEB
        .FILL BAD_INTERRUPT           ; xEC
        .FILL BAD_INTERRUPT           ; xED
        .FILL BAD_INTERRUPT           ; xEE
        .FILL BAD_INTERRUPT           ; xEF
        .FILL BAD_INTERRUPT           ; xF0
        .FILL BAD_INTERRUPT           ; xF1
        .FILL BAD_INTERRUPT           ; xF2
        .FILL BAD_INTERRUPT           ; xF3
        .FILL BAD_INTERRUPT           ; xF4
        .FILL BAD_INTERRUPT           ; xF5
        .FILL BAD_INTERRUPT           ; xF6
        .FILL BAD_INTERRUPT           ; xF7
        .FILL BAD_INTERRUPT           ; xF8
        .FILL BAD_INTERRUPT           ; xF9
        .FILL BAD_INTERRUPT           ; xFA
        .FILL BAD_INTERRUPT           ; xFB
        .FILL BAD_INTERRUPT           ; xFC
        .FILL BAD_INTERRUPT           ; xFD
        .FILL BAD_INTERRUPT           ; xFE
        .FILL BAD_INTERRUPT           ; xFF
        .END

;---------------------------------------------------------------------------
; The routines.
        .ORIG x0200

; TRAP x20 GETC: R0 := the next key, not echoed.
TRAP_GETC
        LDI R0, KBSR_PTR
        BRzp TRAP_GETC          ; KBSR[15] clear: no key yet
        LDI R0, KBDR_PTR        ; reading KBDR clears KBSR[15]
        RTI

; TRAP x21 OUT: prints R0[7:0] once the display is ready.
TRAP_OUT
        ADD R6, R6, #-1
        STR R1, R6, #0
OUT_WAIT
        LDI R1, DSR_PTR
        BRzp OUT_WAIT           ; DSR[15] clear: display busy
        STI R0, DDR_PTR
        LDR R1, R6, #0
        ADD R6, R6, #1
        RTI

; TRAP x22 PUTS: prints the string at R0, one character per word, up to a
; word x0000.
TRAP_PUTS
        ADD R6, R6, #-1
        STR R0, R6, #0
        ADD R6, R6, #-1
        STR R1, R6, #0
        ADD R1, R0, #0          ; R1: the next character's address
PUTS_NEXT
        LDR R0, R1, #0
        BRz PUTS_END
        OUT
        ADD R1, R1, #1
        BRnzp PUTS_NEXT
PUTS_END
        LDR R1, R6, #0
        ADD R6, R6, #1
        LDR R0, R6, #0
        ADD R6, R6, #1
        RTI

; TRAP x23 IN: prints a prompt, reads a key, echoes it and ends the line.
; R0 := the key.
TRAP_IN
        LEA R0, IN_PROMPT
        PUTS
        GETC
        OUT                     ; the echo
        ADD R6, R6, #-1         ; the key waits on the stack while the line ends
        STR R0, R6, #0
        AND R0, R0, #0
        ADD R0, R0, #10         ; '\n'
        OUT
        LDR R0, R6, #0
        ADD R6, R6, #1
        RTI

; TRAP x24 PUTSP: prints the string at R0, two characters per word, the low
; byte first. Any byte x00 ends the string, a low one too (x6100 prints
; nothing), as in lc3tools.
TRAP_PUTSP
        ADD R6, R6, #-1
        STR R0, R6, #0
        ADD R6, R6, #-1
        STR R1, R6, #0
        ADD R6, R6, #-1
        STR R2, R6, #0
        ADD R6, R6, #-1
        STR R3, R6, #0
        ADD R1, R0, #0          ; R1: the next word's address
PUTSP_WORD
        LDR R2, R1, #0
        LD R0, LOW_BYTE
        AND R0, R0, R2
        BRz PUTSP_END
        OUT
        ; R0 := R2 >> 8 (the LC-3 has no shift): eight times, R0 doubles and
        ; takes R2's top bit, and R2 doubles. R3 counts up from -8.
        AND R0, R0, #0
        ADD R3, R0, #-8
PUTSP_BIT
        ADD R0, R0, R0
        ADD R2, R2, #0
        BRzp PUTSP_BIT_DONE     ; top bit 0: nothing to add
        ADD R0, R0, #1
PUTSP_BIT_DONE
        ADD R2, R2, R2
        ADD R3, R3, #1
        BRn PUTSP_BIT
        ADD R0, R0, #0
        BRz PUTSP_END
        OUT
        ADD R1, R1, #1
        BRnzp PUTSP_WORD
PUTSP_END
        LDR R3, R6, #0
        ADD R6, R6, #1
        LDR R2, R6, #0
        ADD R6, R6, #1
        LDR R1, R6, #0
        ADD R6, R6, #1
        LDR R0, R6, #0
        ADD R6, R6, #1
        RTI

; TRAP x25 HALT: prints the banner and stops the clock. R0 ends with the new
; MCR value and R1 with the mask, as in lc3tools; the other registers stay as
; the program had them, for a debugger to show. The routine never returns:
; if the clock is started again, it stops it again.
TRAP_HALT
        LEA R0, HALT_BANNER
        PUTS
HALT_STOP
        LDI R0, MCR_PTR
        LD R1, CLOCK_OFF
        AND R0, R0, R1
        STI R0, MCR_PTR         ; MCR[15] := 0: the machine stops here
        BRnzp HALT_STOP

; The keyboard interrupt, until a program installs its own handler, and any
; other interrupt: nothing to do (lc3tools' OS does the same).
KEYBOARD_HANDLER
BAD_INTERRUPT
        RTI

; Device registers, reached through LDI and STI, and masks.
KBSR_PTR        .FILL xFE00
KBDR_PTR        .FILL xFE02
DSR_PTR         .FILL xFE04
DDR_PTR         .FILL xFE06
MCR_PTR         .FILL xFFFE
CLOCK_OFF       .FILL x7FFF
LOW_BYTE        .FILL x00FF

; ---------------------------------------------------------------------------
; What cannot go on: an undefined trap or an exception. Each says so, then
; halts through HALT. The faulting PC and PSR are on the supervisor stack.

BAD_TRAP
        LEA R0, BAD_TRAP_MSG
        PUTS
        HALT

PRIVILEGE_HANDLER
        LEA R0, PRIVILEGE_MSG
        PUTS
        HALT

ILLEGAL_OPCODE_HANDLER
        LEA R0, ILLEGAL_OPCODE_MSG
        PUTS
        HALT

ACCESS_HANDLER
        LEA R0, ACCESS_MSG
        PUTS
        HALT

; ---------------------------------------------------------------------------
; Texts. Every byte counts: programs' transcripts are compared exactly, and
; each length sets its routine's instruction count.
IN_PROMPT           .STRINGZ "\nInput a character> "
HALT_BANNER         .STRINGZ "\n\n--- Halting the LC-3 ---\n\n"
BAD_TRAP_MSG        .STRINGZ "\n\n--- Undefined trap executed ---\n\n"
PRIVILEGE_MSG       .STRINGZ "\n\n--- Privilege violation ---\n\n"
ILLEGAL_OPCODE_MSG  .STRINGZ "\n\n--- Illegal opcode ---\n\n"
ACCESS_MSG          .STRINGZ "\n\n--- Access violation---\n\n" ; no space before the dashes: lc3tools' bytes

        .END
