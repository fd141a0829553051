# Data that a directive wrote is memory MARS allocated, even when every
# byte is zero (issue 31.4): .data's first block (x), .kdata's (k) and the
# block of y dump. The block between holds only what .space skipped: never
# allocated, nothing to dump (.kdata is no dump segment name in MARS, so
# ranges show it).
.data
x: .word 0
.space 8188
y: .word 0, 0
.kdata
k: .byte 0
.text
	li $v0, 10
	syscall
