# function: strcmp
# caught-by: output
# strcmp stops as soon as s1 ends and calls the strings equal: a proper prefix of s2
# (the empty string, "ab" against "abc") compares as 0 instead of negative.
/^strcmp_next:$/,/^strcmp_differ:$/s/^        lbu \$t0, 0(\$t3)$/&\
        beqz $t0, strcmp_equal/
