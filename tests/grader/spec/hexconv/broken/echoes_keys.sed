# caught-by: the output's item 2 is
# It echoes each key it reads (the handout says GETC, no echo): the output
# has the typed digits before Hex.
s/^READ    GETC/READ    GETC\
        OUT/
