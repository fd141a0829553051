# add traps on signed overflow; the message follows the output so far.
        .data
msg:    .asciiz "before"
        .text
        la $a0, msg
        li $v0, 4
        syscall
        li $t0, 0x7fffffff
        li $t1, 1
	add $t2, $t0, $t1
        li $v0, 10
        syscall
