# MARS's Basic column shows each operand's value as its statement holds
# it: a template's value (li's lui $1,-1 is 0xffffffff), not the field.
li $t0,-65536
li $t1, 0x12345678
li $t2, 0xffff0000
addi $t0, $t1, -1
andi $t0, $t1, 0xffff
lui $t2, 0xffff
ori $t3, $t4, 0x8000
lw $t0, -4($sp)
lw $t0, 0x1234ffff
beq $t0, $t1, lab
lab: sll $t0, $t1, 31
li $t0, -1
sw $t0, 0x10010000
rol $t0, $t1, 0
la $t0, 0x9000fffc
j lab
