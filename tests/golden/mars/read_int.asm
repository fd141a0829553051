# Reads an integer and prints it doubled; with no input left, MARS crashes,
# mars says so on stderr and exits 4.
.text
    li $v0, 5
    syscall
    add $a0, $v0, $v0
    li $v0, 1
    syscall
    li $v0, 5
    syscall
