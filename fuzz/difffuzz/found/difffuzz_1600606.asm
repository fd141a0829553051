# difffuzz_gen_mips seed 1600606
.eqv LIMIT -1
.macro show (%reg)
	move $a0, %reg
	li $v0, 1
	syscall
	li $a0, 10
	li $v0, 11
	syscall
.end_macro
	.include "difffuzz_1600606.inc"
	.data
buf:	.space 256
words:	.word 0, 1, -1, 0x7fff, 0x8000, 0xffff, 0x7fffffff, 0x80000000
fvals:	.word 0x7fc00000, 0xffc00000, 0x7f800001, 0x7f800000, 0xff800000, 0x00000001, 0x807fffff, 0x00800000, 0x7f7fffff, 0xff7fffff, 0x80000000, 0x3f800000
dvals:	.word 0x00000000, 0x7ff80000, 0x00000000, 0xfff80000, 0x00000001, 0x7ff00000, 0x00000000, 0x7ff00000, 0x00000000, 0xfff00000, 0x00000001, 0x00000000, 0xffffffff, 0x000fffff, 0x00000000, 0x00100000, 0xffffffff, 0x7fefffff, 0x00000000, 0x80000000, 0x00000000, 0x3ff00000, 0x9999999a, 0x3fb99999
str:	.asciiz "Hi \"there\"\n\t\\end"
fname:	.asciiz "difffuzz.tmp"
nofile:	.asciiz "no/such/file"
	.text
	.globl main
main:
	la $s7, buf
	li $s5, 8
	li $v1, -1599107030
	li $a1, -32768
	li $a2, 0x1525667c
	li $a3, -2147483648
	li $t0, 1058565802
	li $t1, 0
	li $t2, -128
	li $t3, -274507540
	li $t4, -32768
	li $t5, -415016440
	li $t6, 1697139969
	li $t7, 31
	li $t8, -1
	li $t9, -1502387461
	li $s0, -32769
	li $s1, -1450735969
	li $s2, -2016865151
	li $s4, 164740260
	l.s $f0, fvals+28
	l.s $f1, fvals+36
	l.d $f2, dvals+80
	l.d $f4, dvals+8
	l.d $f6, dvals+40
	l.d $f8, dvals+24
	l.s $f10, fvals+12
	l.s $f11, fvals+24
	l.d $f12, dvals+24
	l.d $f14, dvals+24
	l.s $f16, fvals+24
	l.s $f17, fvals+36
	l.s $f18, fvals+20
	l.s $f19, fvals+0
	l.s $f20, fvals+28
	l.s $f21, fvals+8
	l.d $f22, dvals+32
	l.d $f24, dvals+48
	l.d $f26, dvals+16
	l.s $f28, fvals+44
	l.s $f29, fvals+32
	l.d $f30, dvals+40
	li $t0, LIMIT
	show ($t0)
	show ($zero)
	movn.s $f20,$f16,$a3
L1:
	l.d $f12, dvals+88
	li $v0, 3
	syscall
L2:
	l.d $f16,dvals+48($s5)
L3:
	tnei $a1,8
L4:
	move $a0, $t1
	li $v0, 34
	syscall
	li $a0, 10
	li $v0, 11
	syscall
L5:
	l.s $f0, fvals+40
	l.d $f2, dvals+32
	l.s $f4, fvals+20
	l.d $f6, dvals+56
	neg.s $f4, $f0
	mfc1 $a0, $f4
	li $v0, 34
	syscall
	li $a0, 32
	li $v0, 11
	syscall
	mov.s $f12, $f4
	li $v0, 2
	syscall
	li $a0, 10
	li $v0, 11
	syscall
L6:
	movt $s2,$t3,6
L7:
	lwl $s0,str+32($zero)
L8:
	sh $v1,32($s7)
L9:
	la $t1, main
	sw $t1, 0($t1)
L10:
	ld $t3,($s7)
L11:
	lwr $t5,-643652235
L12:
	xor $t1,0x27
L13:
	movt.s $f24,$f0
L14:
	swl $t8,59364
L15:
	move $a0, $t4
	li $v0, 11
	syscall
	li $a0, 10
	li $v0, 11
	syscall
L16:
	move $a0, $t9
	li $v0, 34
	syscall
	li $a0, 10
	li $v0, 11
	syscall
L17:
	move $a0, $9
	li $v0, 36
	syscall
	li $a0, 10
	li $v0, 11
	syscall
L18:
	rem $s2,$t8,$t2
L19:
	ulhu $a1,buf+4($s5)
L20:
	div.d $f28,$f22,$f22
L21:
	cvt.s.w $f2,$f10
L22:
	move $a0, $v1
	li $v0, 1
	syscall
	li $a0, 10
	li $v0, 11
	syscall
L23:
	lwr $t1,-2108054523
L24:
	swr $s2,0x94dd
L25:
	cvt.s.d $f25,$f4
L26:
	la $a0, str+3
	li $v0, 4
	syscall
L27:
	tgeiu $s2,-32768
L28:
	mulou $t7,$s3,-28462598
L29:
	mtc0 $t6,$12
L30:
	sc $s0,0($t1)
L31:
	mov.s $f12, $f20
	li $v0, 2
	syscall
	li $a0, 10
	li $v0, 11
	syscall
L32:
	l.s $f0, fvals+36
	l.d $f2, dvals+32
	l.s $f4, fvals+0
	l.d $f6, dvals+32
	sub.s $f4, $f0, $f4
	mfc1 $a0, $f4
	li $v0, 34
	syscall
	li $a0, 32
	li $v0, 11
	syscall
	mov.s $f12, $f4
	li $v0, 2
	syscall
	li $a0, 10
	li $v0, 11
	syscall
L33:
	li $a0, -1583224827
	li $v0, 11
	syscall
L34:
	move $a0, $v1
	li $v0, 34
	syscall
	li $a0, 32
	li $v0, 11
	syscall
	move $a0, $a1
	li $v0, 34
	syscall
	li $a0, 32
	li $v0, 11
	syscall
	move $a0, $t0
	li $v0, 34
	syscall
	li $a0, 32
	li $v0, 11
	syscall
	move $a0, $t1
	li $v0, 34
	syscall
	li $a0, 32
	li $v0, 11
	syscall
	move $a0, $t2
	li $v0, 34
	syscall
	li $a0, 32
	li $v0, 11
	syscall
	move $a0, $t3
	li $v0, 34
	syscall
	li $a0, 32
	li $v0, 11
	syscall
	move $a0, $t4
	li $v0, 34
	syscall
	li $a0, 32
	li $v0, 11
	syscall
	move $a0, $t5
	li $v0, 34
	syscall
	li $a0, 32
	li $v0, 11
	syscall
	move $a0, $t6
	li $v0, 34
	syscall
	li $a0, 32
	li $v0, 11
	syscall
	move $a0, $t7
	li $v0, 34
	syscall
	li $a0, 32
	li $v0, 11
	syscall
	move $a0, $t8
	li $v0, 34
	syscall
	li $a0, 32
	li $v0, 11
	syscall
	move $a0, $t9
	li $v0, 34
	syscall
	li $a0, 32
	li $v0, 11
	syscall
	move $a0, $s0
	li $v0, 34
	syscall
	li $a0, 32
	li $v0, 11
	syscall
	move $a0, $s1
	li $v0, 34
	syscall
	li $a0, 32
	li $v0, 11
	syscall
	move $a0, $s2
	li $v0, 34
	syscall
	li $a0, 32
	li $v0, 11
	syscall
	move $a0, $s4
	li $v0, 34
	syscall
	li $a0, 32
	li $v0, 11
	syscall
