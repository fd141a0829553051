# caught-by: the output's item 3 is
# The digits above 9 come out one letter late: x000B for 10.
s/^LETTER  .FILL #55/LETTER  .FILL #56/
