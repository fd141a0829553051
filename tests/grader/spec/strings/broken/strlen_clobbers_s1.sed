# function: strlen
# caught-by: check
# strlen walks its pointer in $s1 and never saves it: the caller's $s1 is lost.
/^strlen:$/,/^# ----/s/\$t0/$s1/g
