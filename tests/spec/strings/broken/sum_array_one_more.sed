# sum_array reads one word past the array (sum_array: -10)
s/^    blez \$a1, sum_done$/    bltz $a1, sum_done/
