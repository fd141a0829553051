# function: strcmp
# caught-by: output
# strcmp loads and compares the characters as signed bytes: right for ASCII, wrong as
# soon as a character is above 127 (0xe9 sorts before 'e').
/^strcmp:$/,/^# ----/{
s/lbu /lb /
s/bltu /blt /
}
