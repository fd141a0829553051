# count_initial counts nothing: right only when no name begins with c,
# which the spec's require never lets happen.
/^count_initial_next:$/,/^count_initial_done:$/s/^        addi \$v0, \$v0, 1$/        addi $v0, $v0, 0/
