# D8: bytes over 0x7f in file names and program arguments, as MARS's JVM
# decodes and encodes them in this golden's locale: syscall 13's names
# (each byte a char, then the host's charset), a dump file named on the
# command line, and the chars of the "pa" words (printed byte by byte).
	.data
n1:	.byte 0x6c, 0x31, 0xe9, 0x2e, 0x74, 0
n2:	.byte 0x6c, 0x32, 0xff, 0x80, 0x74, 0
n3:	.byte 0x6c, 0x33, 0xc3, 0xa9, 0x74, 0
msg:	.asciiz "hi"
	.text
	la $s0, n1
	jal wr
	la $s0, n2
	jal wr
	la $s0, n3
	jal wr
	lw $s0, 0($sp)
	addiu $s1, $sp, 4
arg:	beqz $s0, done
	li $a0, 10
	li $v0, 11
	syscall
	lw $s2, 0($s1)
byte:	lbu $a0, 0($s2)
	beqz $a0, nextarg
	li $v0, 34
	syscall
	li $a0, 32
	li $v0, 11
	syscall
	addiu $s2, $s2, 1
	j byte
nextarg: addiu $s1, $s1, 4
	addiu $s0, $s0, -1
	j arg
done:	li $v0, 10
	syscall
wr:	move $a0, $s0
	li $a1, 1
	li $v0, 13
	syscall
	move $s1, $v0
	move $a0, $v0
	la $a1, msg
	li $a2, 2
	li $v0, 15
	syscall
	move $a0, $s1
	li $v0, 16
	syscall
	jr $ra
