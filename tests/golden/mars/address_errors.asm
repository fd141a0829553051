# Issue 14 items 5 and 6: every store or load below faults (but the two
# marked "ok"); the handler prints Cause and BadVAddr and goes on.
	.text
main:	li $t0, 0
	sw $t1, 0($t0)
	sb $t1, 0($t0)
	li $t0, 0x003ffffc
	sw $t1, 0($t0)
	sb $t1, 0($t0)
	li $t0, 0x0ffffffc
	sw $t1, 0($t0)
	sb $t1, 0($t0)
	li $t0, 0x10400000
	sw $t1, 0($t0)
	sb $t1, 0($t0)
	li $t0, 0x90400000
	sw $t1, 0($t0)
	sb $t1, 0($t0)
	li $t0, 0xa0000000
	sw $t1, 0($t0)
	sb $t1, 0($t0)
	li $t0, 0x7ffffffc
	sw $t1, 0($t0)		# ok: allocates the stack's top block
	sb $t1, 1($t0)
	lb $t1, 1($t0)
	lb $t1, 2($t0)
	sb $t1, 3($t0)
	lh $t1, 2($t0)
	sh $t1, 2($t0)
	li $t0, 0xfffffffc
	lb $t1, 2($t0)		# ok: MMIO ends before 0xffffffff
	sb $t1, 3($t0)
	lb $t1, 3($t0)
	li $v0, 10
	syscall

	.ktext 0x80000180
	mfc0 $a0, $13
	li $v0, 34
	syscall
	li $a0, ' '
	li $v0, 11
	syscall
	mfc0 $a0, $8
	li $v0, 34
	syscall
	li $a0, '\n'
	li $v0, 11
	syscall
	mfc0 $k0, $14
	addiu $k0, $k0, 4
	mtc0 $k0, $14
	eret
