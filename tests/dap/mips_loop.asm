# The DAP sessions' loop: conditions and hit counts on a line, a label and
# an address as breakpoints, then a loop that never ends (for pause).
        .text
main:   li   $t0, 0
loop:   addi $t0, $t0, 1
        blt  $t0, 10, loop
        jal  spin
spin:   j    spin
