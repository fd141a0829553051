# Snake for MARS's Bitmap Display and Keyboard and Display MMIO Simulator.
# In MARS: Tools > Bitmap Display, unit 4x4, display 64x64, base 0x10010000
# (static data), Connect; Tools > Keyboard and Display MMIO Simulator,
# Connect; run and type w a s d in its keyboard area (q quits). Here:
#   mipssim --mmio --bitmap 64x64,unit=4 reference-asm/mips/snake.asm
# The board is 16x16 units, one word (0x00RRGGBB) each. Eating the red
# food makes the snake longer; the wall or the snake's own body ends the
# game. Food appears where a fixed pseudo-random sequence says, so a run
# with the same keys at the same instructions is the same game.
        .data
board:  .space 1024             # 16 x 16 units: the display's memory
body:   .space 1024             # ring of the cells the snake covers, head last
seed:   .word 12345
over:   .asciiz "Game over! Score: "

        .eqv SNAKE 0x0000ff00
        .eqv FOOD 0x00ff0000
        .eqv MMIO 0xffff0000

        .text
main:   la $s0, board
        li $s1, 2               # the ring's index of the head
        li $s2, 3               # length
        li $s3, 1               # dx
        li $s4, 0               # dy
        li $s5, 4               # head x
        li $s6, 8               # head y
        li $s7, 0               # score
        la $t0, body            # the first three cells: (2,8) (3,8) (4,8)
        li $t1, 130
        sw $t1, 0($t0)
        li $t1, 131
        sw $t1, 4($t0)
        li $t1, 132
        sw $t1, 8($t0)
        li $t2, SNAKE
        sw $t2, 520($s0)
        sw $t2, 524($s0)
        sw $t2, 528($s0)
        jal place_food

tick:   li $t0, MMIO            # a key, if one came
        lw $t1, 0($t0)
        andi $t1, $t1, 1
        beqz $t1, move
        lw $t1, 4($t0)
        beq $t1, 'q', quit
        bne $t1, 'w', not_w
        bnez $s4, move          # no turning back on itself
        li $s3, 0
        li $s4, -1
not_w:  bne $t1, 's', not_s
        bnez $s4, move
        li $s3, 0
        li $s4, 1
not_s:  bne $t1, 'a', not_a
        bnez $s3, move
        li $s3, -1
        li $s4, 0
not_a:  bne $t1, 'd', move
        bnez $s3, move
        li $s3, 1
        li $s4, 0

move:   addu $s5, $s5, $s3
        addu $s6, $s6, $s4
        bltz $s5, dead
        bltz $s6, dead
        bge $s5, 16, dead
        bge $s6, 16, dead
        sll $t2, $s6, 4         # the new cell: y * 16 + x
        addu $t2, $t2, $s5
        sll $t3, $t2, 2
        addu $t3, $t3, $s0
        lw $t4, 0($t3)
        beq $t4, SNAKE, dead
        li $t5, SNAKE
        sw $t5, 0($t3)
        addiu $s1, $s1, 1       # the head into the ring
        andi $s1, $s1, 255
        la $t6, body
        sll $t7, $s1, 2
        addu $t7, $t7, $t6
        sw $t2, 0($t7)
        bne $t4, FOOD, shrink
        addiu $s2, $s2, 1       # ate: longer, and new food
        addiu $s7, $s7, 1
        jal place_food
        j pace
shrink: subu $t7, $s1, $s2      # the tail's cell goes black
        andi $t7, $t7, 255
        sll $t7, $t7, 2
        addu $t7, $t7, $t6
        lw $t7, 0($t7)
        sll $t7, $t7, 2
        addu $t7, $t7, $s0
        sw $zero, 0($t7)
pace:   li $v0, 32              # a tenth of a second a step
        li $a0, 100
        syscall
        j tick

dead:   la $a0, over
        li $v0, 4
        syscall
        move $a0, $s7
        li $v0, 1
        syscall
        li $a0, '\n'
        li $v0, 11
        syscall
quit:   li $v0, 10
        syscall

# Food on a free cell, where the next numbers of a linear congruential
# sequence point (the same game for the same keys).
place_food:
        la $t0, seed
again:  lw $t1, 0($t0)
        li $t2, 1103515245
        mul $t1, $t1, $t2
        addiu $t1, $t1, 12345
        sw $t1, 0($t0)
        srl $t1, $t1, 16
        andi $t1, $t1, 255
        sll $t1, $t1, 2
        addu $t1, $t1, $s0
        lw $t2, 0($t1)
        bnez $t2, again
        li $t2, FOOD
        sw $t2, 0($t1)
        jr $ra
