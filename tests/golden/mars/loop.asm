# Never ends: the step limit stops it.
.text
    li $t0, 0
loop:
    addi $t0, $t0, 1
    j loop
