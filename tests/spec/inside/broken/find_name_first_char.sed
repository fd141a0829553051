# find_name compares the first characters only: "ab" matches "aa".
/^find_name_compare:$/,/^find_name_differ:$/s/^        beqz \$t5, find_name_found$/        j find_name_found/
