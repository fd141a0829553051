# store.asm: fills a record with a byte, a half-word and a word (sb, sh,
# sw), printing a line before each store.
        .data
record: .byte 0, 0
        .half 0
        .word 0
tag:    .asciiz "tag\n"
half:   .asciiz "half\n"
word:   .asciiz "word\n"

        .text
# main: one print and one store per field.
# Registers: $t0 = the record's address, $t1 = the value stored.
main:   la $t0, record
        li $v0, 4               # the tag byte
        la $a0, tag
        syscall
        li $t1, 7
        sb $t1, 1($t0)
        li $v0, 4               # the half-word
        la $a0, half
        syscall
        li $t1, -2
        sh $t1, 2($t0)
        li $v0, 4               # the word
        la $a0, word
        syscall
        li $t1, 0x12345678
        sw $t1, 4($t0)
        li $v0, 10
        syscall
