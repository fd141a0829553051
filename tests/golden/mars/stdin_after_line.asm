# Issue 14 item 10: after syscall 5, MARS's line reader holds the rest of
# stdin, so read(0, buf, 10) returns 0 and the next syscall 5 reads "abcdef".
.data
buf: .space 64
.text
main:
 li $v0, 5
 syscall
 move $a0, $v0
 li $v0, 1
 syscall
 li $a0, '|'
 li $v0, 11
 syscall
 li $v0, 14
 li $a0, 0
 la $a1, buf
 li $a2, 10
 syscall
 move $a0, $v0
 li $v0, 1
 syscall
 li $a0, '|'
 li $v0, 11
 syscall
 la $a0, buf
 li $v0, 4
 syscall
 li $a0, '|'
 li $v0, 11
 syscall
 li $v0, 5
 syscall
 move $a0, $v0
 li $v0, 1
 syscall
 li $v0, 10
 syscall
