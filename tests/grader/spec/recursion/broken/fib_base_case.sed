# function: fib
# caught-by: output
# fib's base case is off by one: it returns n for n < 3, so fib(2) is 2 and every
# larger result is wrong.
/^fib:$/,/^fib_base_case:$/s/li \$t0, 2$/li $t0, 3/
