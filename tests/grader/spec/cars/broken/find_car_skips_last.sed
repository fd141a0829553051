# function: find_car
# caught-by: output
# find_car stops before the last car, so a year only the last car has is not found.
/^find_car:$/,/^find_car_next:$/s/^        li \$t0, 0$/        addi $t3, $a1, -1\n        li $t0, 0/
s/^        bge \$t0, \$a1, find_car_none$/        bge $t0, $t3, find_car_none/
