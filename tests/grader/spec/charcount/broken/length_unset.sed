# caught-by: R5 is
# R5 is never cleared: the length is added to what the register held,
# right only on a machine that starts at 0 (the handout says not to assume it).
/AND R5, R5, #0/d
