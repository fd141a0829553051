# 13.1: .include spelled through .eqv, so no line begins with it.
        .eqv READ_IN .include
        READ_IN "/etc/passwd"
