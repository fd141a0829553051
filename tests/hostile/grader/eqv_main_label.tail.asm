# 13.2: a label main made by .eqv.
        .eqv ENTRY main
ENTRY:  jr $ra
