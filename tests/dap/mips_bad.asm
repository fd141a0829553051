# Two assembly errors for the DAP sessions' launch.
        .text
main:   addi $t0, $t0
        lw   $t9, nowhere
