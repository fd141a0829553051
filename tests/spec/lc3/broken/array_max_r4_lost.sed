# caught-by: ARRAY_MAX  R4 not given back: its save word is never read again
/^        LD R4, AM_R4$/d
