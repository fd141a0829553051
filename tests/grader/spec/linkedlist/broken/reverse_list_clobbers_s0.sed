# function: reverse_list
# caught-by: check
# reverse_list keeps the rest of the list in $s0 and never saves it.
/^reverse_list:$/,/^reverse_list_done:$/s/\$t1/$s0/g
