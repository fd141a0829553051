# 13.2: data in .kdata, a data section by another name (a table init_game
# could copy instead of reading the file).
        .kdata
kernel_table: .word 1, 2, 3
