# Named twice, but not first: two programs, both run.
li $v0, 1
li $a0, 7
syscall
