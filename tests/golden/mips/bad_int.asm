# syscall 5 with a line that is no integer: the error is the syscall's.
        .text
        li $v0, 5
        syscall
        li $v0, 10
        syscall
