# A library: print_it is global, helper comes from an included file.
        .text
        .globl print_it
        .globl helper
print_it:
        li   $v0, 4
        syscall
        jr   $ra
        .include "mips_inc.asm"
