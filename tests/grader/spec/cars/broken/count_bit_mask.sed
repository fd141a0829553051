# function: count_bit
# caught-by: output
# count_bit takes bit as a mask (features & bit) instead of a bit number.
s/^        srlv \$t2, \$t2, \$a2$/        and $t2, $t2, $a2/
s/^        andi \$t2, \$t2, 1$/        sltu $t2, $zero, $t2/
