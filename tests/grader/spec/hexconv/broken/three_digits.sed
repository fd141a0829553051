# caught-by: the output's item 3 is
# It prints three hex digits, the top three: x001 for x0014.
s/ADD R3, R3, #4          ; 4 digits/ADD R3, R3, #3          ; 3 digits/
