# Each syscall below raises a runtime error (bad input to 5, 6 and 7, an
# empty line to 12, a negative and a too large sbrk, a bound of 0 and of -3
# to 42). MARS hands every one to the handler at 0x80000180 as a syscall
# exception: it prints Cause, EPC, BadVAddr, Status and $v0, then returns
# past the syscall, so the program goes on to the next.
.text
main:
	li $v0, 5
	syscall
	li $v0, 6
	syscall
	li $v0, 7
	syscall
	li $v0, 12
	syscall
	li $a0, -5
	li $v0, 9
	syscall
	li $a0, 0x003c0001
	li $v0, 9
	syscall
	li $a0, 0
	li $a1, 0
	li $v0, 42
	syscall
	li $a1, -3
	li $v0, 42
	syscall
	li $v0, 1
	li $a0, 99
	syscall
	li $v0, 10
	syscall

.kdata
saved: .word 0, 0

.ktext 0x80000180
	sw $v0, saved
	sw $a0, saved + 4
	mfc0 $a0, $13
	li $v0, 34
	syscall
	li $v0, 11
	li $a0, ' '
	syscall
	mfc0 $a0, $14
	li $v0, 34
	syscall
	li $v0, 11
	li $a0, ' '
	syscall
	mfc0 $a0, $8
	li $v0, 34
	syscall
	li $v0, 11
	li $a0, ' '
	syscall
	mfc0 $a0, $12
	li $v0, 34
	syscall
	li $v0, 11
	li $a0, ' '
	syscall
	lw $a0, saved
	li $v0, 1
	syscall
	li $v0, 11
	li $a0, '\n'
	syscall
	lw $v0, saved
	lw $a0, saved + 4
	mfc0 $k0, $14
	addiu $k0, $k0, 4
	mtc0 $k0, $14
	eret
