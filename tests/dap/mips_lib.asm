# Included by mips_main.asm.
double: addu $v0, $a0, $a0
        jr   $ra
