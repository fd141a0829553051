# curve raises three scores of each student, not four.
/^curve:$/,/^curve_done:$/s/^        li \$t2, 4$/        li $t2, 3/
