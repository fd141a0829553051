# upcase computes its length itself instead of calling strlen (upcase: -10)
s/^    jal strlen$/    move $v0, $zero\
    sub $v0, $s0, $v0\
    sub $v0, $v0, $a0/
