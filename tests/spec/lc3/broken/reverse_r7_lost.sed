# caught-by: REVERSE  R7 not saved around JSR STRLEN: its RET goes back into itself
/^        ST R7, RV_R7$/d
/^        LD R7, RV_R7$/d
