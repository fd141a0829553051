# 13.9: twelve nested macros, each using the one inside twice: 4,096
# copies of a bad line, each error with its chain of expansions.
        .macro m0
        not an instruction $t99
        .end_macro
        .macro m1
        m0
        m0
        .end_macro
        .macro m2
        m1
        m1
        .end_macro
        .macro m3
        m2
        m2
        .end_macro
        .macro m4
        m3
        m3
        .end_macro
        .macro m5
        m4
        m4
        .end_macro
        .macro m6
        m5
        m5
        .end_macro
        .macro m7
        m6
        m6
        .end_macro
        .macro m8
        m7
        m7
        .end_macro
        .macro m9
        m8
        m8
        .end_macro
        .macro m10
        m9
        m9
        .end_macro
        .macro m11
        m10
        m10
        .end_macro
        .macro m12
        m11
        m11
        .end_macro
        m12
