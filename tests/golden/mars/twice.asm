# Named twice first on the command line: one MARS program, read twice.
.data
x: .word 1
.text
main: lw $a0, x
li $v0, 1
syscall
