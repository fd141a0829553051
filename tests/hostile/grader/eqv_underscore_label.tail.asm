# 13.2: a label beginning with two underscores made by .eqv.
        .eqv HIDDEN __hidden
HIDDEN: jr $ra
