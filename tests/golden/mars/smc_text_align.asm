# smc: a byte stored at a text address not word-aligned. MARS reaches text
# through getStatement, which throws its fetch message before a byte moves.
.text
main:   la   $t0, word
        li   $t1, 0x7f
        sb   $t1, 1($t0)
        li   $v0, 10
        syscall
word:   addi $t2, $t3, 0x1234
