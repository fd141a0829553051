# count_char counts in $s0 without saving it: $s0 changed (count_char: -10)
s/^count_char:$/count_char:\
    move $s0, $a1/
