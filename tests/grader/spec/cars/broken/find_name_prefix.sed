# function: find_name
# caught-by: output
# find_name stops at the end of s: a name that s is a prefix of counts as equal.
s/^        bne \$t5, \$t6, find_name_differ$/        beqz $t6, find_name_found\n&/
