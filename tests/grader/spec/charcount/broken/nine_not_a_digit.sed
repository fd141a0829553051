# caught-by: x3F02 is
# The digit test stops one short: '9' is counted as nothing.
s/ADD R7, R6, #-9         ; c - '9'/ADD R7, R6, #-8         ; c - '8'/
