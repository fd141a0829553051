# 13.2: .data through .eqv: no line begins with .data.
        .eqv SEGMENT .data
        SEGMENT
hidden_table: .word 1, 2, 3
