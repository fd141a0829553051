# function: find_node
# caught-by: output
# find_node keeps looking after a match and returns the last node holding
# the value, not the first.
/^find_node:$/,/^find_node_done:$/c\
find_node:\
        li $t1, 0\
        move $v0, $a0\
find_node_next:\
        beqz $v0, find_node_done\
        lw $t0, 0($v0)\
        bne $t0, $a1, find_node_on\
        move $t1, $v0\
find_node_on:\
        lw $v0, 4($v0)\
        j find_node_next\
find_node_done:\
        move $v0, $t1
