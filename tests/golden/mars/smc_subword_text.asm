# smc: a byte, a half or swl/swr's first byte stored at a word-aligned text
# address becomes that word's whole new statement, zero-extended (MARS's
# Memory.set ignores the length for text); lb reads a text byte as usual.
.text
main:   la   $t0, words
        li   $t1, 0x112233c4
        sb   $t1, 0($t0)
        sh   $t1, 4($t0)
        swl  $t1, 8($t0)
        lb   $a0, 12($t0)
        li   $v0, 34
        syscall
        li   $v0, 10
        syscall
words:  addi $t2, $t3, 0x1234
        addi $t2, $t3, 0x1234
        addi $t2, $t3, 0x1234
        addi $t2, $t3, -2
