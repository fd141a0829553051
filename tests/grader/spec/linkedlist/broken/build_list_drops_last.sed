# function: build_list
# caught-by: output
# build_list counts n - 1 values: the last value never gets a node.
/^build_list:$/,/^build_list_next:$/s/^        move \$t0, \$a1$/        addi $t0, $a1, -1/
