# function: find_car
# caught-by: check
# find_car uses $s0 for its index without saving it.
/^find_car:$/a\        li $s0, 0
