# fault_cp0.asm: tests/golden/debug/mips/fault_cp0.asm (same addresses) with
# a handler that prints Cause, EPC, BadVAddr and Status for each runtime
# error, then returns past it: what the debugger must show at each fault.
        .text
main:   li   $t0, 0x10010001
        lw   $t1, 0($t0)
        li   $a0, -8
        li   $v0, 9
        syscall
        li   $v0, 10
        syscall

.ktext 0x80000180
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
	li $a0, 10
	syscall
	mfc0 $k0, $14
	addiu $k0, $k0, 4
	mtc0 $k0, $14
	eret
