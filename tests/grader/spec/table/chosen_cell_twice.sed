# process decrements the chosen cell twice: once with its column and again with its
# row (rule D says "the other cells of the row"). Its output differs on the first move
# whose cell is 2 or more.
/^pr_row:$/,/^pr_row_next:$/{
/^        beq     \$t0, \$a1, pr_row_next$/d
}
