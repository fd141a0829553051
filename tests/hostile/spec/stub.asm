# save writes nothing: with no attacker, a shared budget would run out
# after 64 of the reference's files and the stub would score the rest.
.text
save:
        jr $ra

greet:
        la $a0, greeting
        li $v0, 4
        syscall
        jr $ra

.data
greeting: .asciiz "Hello from .data\n"
