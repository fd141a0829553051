# function: car_index
# caught-by: output
# car_index divides the offset by 8, as if a car had no padding byte and no price.
/^car_index:$/,$s/^        li \$t1, 12$/        li $t1, 8/
