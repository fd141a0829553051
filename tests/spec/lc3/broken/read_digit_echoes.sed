# caught-by: READ_DIGIT  reads with IN (a prompt, an echo) where the spec allows GETC only
s/^        GETC$/        IN/
