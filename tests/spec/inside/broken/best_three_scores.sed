# best reads three scores of each student, not four.
/^best:$/,/^best_done:$/s/^        li \$t2, 4$/        li $t2, 3/
