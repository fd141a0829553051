# files.asm: reads the first word of words.txt with the file syscalls
# (open, read, close), then draws two random numbers from a seeded stream.
        .data
path:   .asciiz "words.txt"
buf:    .space 8
        .text
# main. Registers: $s0 = the file descriptor.
main:   li $v0, 13              # $s0 = open("words.txt", read)
        la $a0, path
        li $a1, 0
        li $a2, 0
        syscall
        move $s0, $v0
        li $v0, 14              # read 5 bytes into buf
        move $a0, $s0
        la $a1, buf
        li $a2, 5
        syscall
        li $v0, 16              # close it
        move $a0, $s0
        syscall
        li $v0, 4               # print what was read
        la $a0, buf
        syscall
        li $v0, 40              # seed stream 1 with 42
        li $a0, 1
        li $a1, 42
        syscall
        li $v0, 42              # $a0 = a number below 1000, twice
        li $a0, 1
        li $a1, 1000
        syscall
        li $v0, 42
        li $a0, 1
        li $a1, 1000
        syscall
        li $v0, 10
        syscall
