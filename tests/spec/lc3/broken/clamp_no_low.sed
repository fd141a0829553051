# caught-by: CLAMP  a wrong result: an x below lo comes back as it was
/^        BRzp CL_HI$/{
n
d
}
