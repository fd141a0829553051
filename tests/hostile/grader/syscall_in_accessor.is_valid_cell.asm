# 13.6: a function that may make no syscall at all opens a file, then
# spins: the syscall was found only in a function that returned.
        li $v0, 13
        li $a1, 1
        syscall
syscall_in_accessor_spin:
        j syscall_in_accessor_spin
