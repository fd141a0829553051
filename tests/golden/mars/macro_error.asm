# An error inside a macro expansion: MARS gives the use's line, "->", then
# the body's line.
.macro bad(%r)
    add %r, %r
.end_macro
.text
    bad($t0)
