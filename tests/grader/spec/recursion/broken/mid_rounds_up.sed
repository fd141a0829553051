# function: mid
# caught-by: output
# mid rounds up: (lo + hi + 1) / 2. bsearch still finds every key with it, so only mid's
# own results are wrong.
/^mid:$/a\
        addiu $a1, $a1, 1
