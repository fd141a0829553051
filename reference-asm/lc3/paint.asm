; paint: draws on PennSim's video display (xC000-xFDFF, 128 x 124 pixels,
; one word a pixel: red bits 14-10, green 9-5, blue 4-0) with the keyboard.
; w a s d move the brush one pixel, painting as it goes (it stops at the
; edges of the display); r g b y pick the colour; q halts. A blue line
; across the top row shows the display at the start.
;   lc3sim --video reference-asm/lc3/paint.asm
        .ORIG x3000
        LD R1, VIDEO        ; the top row in blue
        LD R2, BLUE
        LD R3, WIDTH
TOP     STR R2, R1, #0
        ADD R1, R1, #1
        ADD R3, R3, #-1
        BRp TOP
        LD R1, START        ; R1: the brush's pixel; R2: its colour
        LD R2, WHITE
        STR R2, R1, #0
LOOP    GETC
        LD R3, KEY_Q
        ADD R3, R0, R3
        BRz DONE
        AND R4, R4, #0      ; R4: the move, 0 for none
        LD R3, KEY_W
        ADD R3, R0, R3
        BRnp NOT_W
        LD R4, UP
NOT_W   LD R3, KEY_S
        ADD R3, R0, R3
        BRnp NOT_S
        LD R4, DOWN
NOT_S   LD R3, KEY_A
        ADD R3, R0, R3
        BRnp NOT_A
        ADD R4, R4, #-1
NOT_A   LD R3, KEY_D
        ADD R3, R0, R3
        BRnp NOT_D
        ADD R4, R4, #1
NOT_D   LD R3, KEY_R
        ADD R3, R0, R3
        BRnp NOT_R
        LD R2, RED
NOT_R   LD R3, KEY_G
        ADD R3, R0, R3
        BRnp NOT_G
        LD R2, GREEN
NOT_G   LD R3, KEY_B
        ADD R3, R0, R3
        BRnp NOT_B
        LD R2, BLUE
NOT_B   LD R3, KEY_Y
        ADD R3, R0, R3
        BRnp MOVE
        LD R2, YELLOW
MOVE    ADD R5, R1, R4      ; the new pixel, if still on the display:
        LD R3, OFFSET       ; R5 - xC000 must be in 0..x3DFF
        ADD R6, R5, R3
        BRn LOOP
        LD R3, SIZE
        ADD R6, R6, R3
        BRzp LOOP
        ADD R1, R5, #0
        STR R2, R1, #0
        BR LOOP
DONE    HALT

VIDEO   .FILL xC000
WIDTH   .FILL #128
START   .FILL xDF40         ; row 62, column 64
OFFSET  .FILL x4000         ; -xC000
SIZE    .FILL xC200         ; -x3E00
UP      .FILL #-128
DOWN    .FILL #128
WHITE   .FILL x7FFF
RED     .FILL x7C00
GREEN   .FILL x03E0
BLUE    .FILL x001F
YELLOW  .FILL x7FE0
KEY_Q   .FILL #-113
KEY_W   .FILL #-119
KEY_S   .FILL #-115
KEY_A   .FILL #-97
KEY_D   .FILL #-100
KEY_R   .FILL #-114
KEY_G   .FILL #-103
KEY_B   .FILL #-98
KEY_Y   .FILL #-121
        .END
