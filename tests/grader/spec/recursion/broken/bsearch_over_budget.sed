# function: bsearch
# caught-by: budget
# bsearch drops one element per call instead of half the range: past a[m] it searches
# lo+1..hi, below it lo..hi-1. Every result is right (the key stays in the range) and
# every required call is made, but a 1,000-element search takes hundreds of calls and
# far more than the handout's 2,000 instructions.
/^bsearch_not_empty:$/,/^bsearch_return:$/{
s/^        addi \$a2, \$t0, -1$/        addi $a2, $s2, -1/
s/^        addi \$a1, \$t0, 1$/        addi $a1, $s1, 1/
}
