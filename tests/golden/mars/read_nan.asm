# Syscalls 6 and 7 read "-NaN" as Java's parseFloat / parseDouble do: the
# canonical NaN, sign dropped (0x7fc00000; 0x7ff80000 00000000). Then
# "NaN" and "-Infinity" for comparison.
.text
	li $s0, 3
loop:
	li $v0, 6
	syscall
	mfc1 $a0, $f0
	li $v0, 34
	syscall
	li $v0, 11
	li $a0, ' '
	syscall
	li $v0, 7
	syscall
	mfc1 $a0, $f1
	li $v0, 34
	syscall
	li $v0, 11
	li $a0, ' '
	syscall
	mfc1 $a0, $f0
	li $v0, 34
	syscall
	li $v0, 11
	li $a0, '\n'
	syscall
	addi $s0, $s0, -1
	bnez $s0, loop
