# function: array_max
# caught-by: output
# array_max takes a later element equal to the maximum too, so on a tie $v1 is the last
# occurrence instead of the first (the maximum in $v0 stays right).
/^array_max_next:$/,/^array_max_done:$/s/ble \$t2, \$v0,/blt $t2, $v0,/
