# The issue 14 item 2 program: a dump of m-n stops before n.
.data
.word 1, 2, 3
.text
    li $v0, 10
    syscall
