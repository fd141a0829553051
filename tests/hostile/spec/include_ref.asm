# Observation 4: the reference, included from beside the submission.
        .include "hostile_ref.asm"
