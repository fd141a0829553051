# function: reverse_list
# caught-by: output
# reverse_list relinks every node but returns the old head (now the last
# node), a list of one node.
/^reverse_list_done:$/a\
        move $v0, $a0
