# 13.2: a label beginning with two underscores made by a macro.
        .macro hide(%name)
%name:  jr $ra
        .end_macro
        hide(__hidden)
