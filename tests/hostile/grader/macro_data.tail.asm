# 13.2: .data as a macro's argument.
        .macro segment(%which)
        %which
        .end_macro
        segment(.data)
hidden_table: .word 1, 2, 3
