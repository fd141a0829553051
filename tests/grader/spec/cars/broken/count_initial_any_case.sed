# function: count_initial
# caught-by: output
# count_initial compares the initial without regard to case ('a' counts for 'A').
/^count_initial_next:$/,/^count_initial_skip:$/s/^        bne \$t3, \$a2, count_initial_skip$/        ori $t3, $t3, 0x20\n        ori $t4, $a2, 0x20\n        bne $t3, $t4, count_initial_skip/
