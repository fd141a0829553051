# Observation 4: in a --list batch, Eve includes the file of Alice, whose
# upload lies in the same folder.
        .include "alice.asm"
