# function: bsearch
# caught-by: output
# bsearch is off by one in its empty-range test: it treats lo == hi as empty, so a key
# that is found only once the range has shrunk to one element is reported as -1.
s/^        ble \$a1, \$a2, bsearch_not_empty$/        blt $a1, $a2, bsearch_not_empty/
