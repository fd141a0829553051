# function: reverse
# caught-by: output
# reverse clears the byte after the terminating 0 as it finds the end: it writes outside
# the string (the main's guard "###" becomes "\0##").
/^reverse_found_end:$/a\
        sb $zero, 1($t1)
