# Observation 4: the spec included, its hidden cases in the error messages.
        .include "hostile.spec"
