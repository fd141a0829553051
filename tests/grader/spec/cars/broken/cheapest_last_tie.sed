# function: cheapest
# caught-by: output
# cheapest takes a later car of the same lowest price too: the last of a tie, not the first.
s/^        bge \$t2, \$t3, cheapest_skip$/        bgt $t2, $t3, cheapest_skip/
