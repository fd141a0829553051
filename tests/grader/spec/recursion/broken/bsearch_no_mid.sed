# function: bsearch
# caught-by: calls mid
# bsearch computes the middle index itself instead of calling mid: every result is
# right, but the handout's "bsearch must call mid" is broken.
/^bsearch_not_empty:$/,/^bsearch_return:$/s/^        jal mid$/        addu $v0, $a0, $a1\
        srl $v0, $v0, 1/
