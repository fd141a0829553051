# function: bsearch
# caught-by: calls bsearch
# bsearch calls mid but searches the half with a loop instead of calling itself: every
# result is right, but the handout's "must call bsearch" is broken.
/^bsearch_not_empty:$/,/^bsearch_return:$/{
s/^        move \$a0, \$s1$/bsearch_again:\
        li $v0, -1\
        bgt $s1, $s2, bsearch_return\
&/
s/^        jal bsearch$/        move $s1, $a1\
        move $s2, $a2\
        j bsearch_again/
}
