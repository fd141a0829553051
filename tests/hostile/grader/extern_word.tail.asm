# 13.2 and 13.3: a word in the .extern segment, a data section by another
# name (and the loader crashed on it: the segment has a size but no bytes).
        .extern shared_word 4
