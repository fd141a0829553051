# Allowed to include helper.asm, it names the spec instead, which lies in
# the same folder but is not one of the spec's include files.
        .include "allowed.spec"
