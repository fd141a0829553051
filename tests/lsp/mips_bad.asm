# Two errors and a warning, for the diagnostics.
        .text
main:   addi $t0, $t1
        .set noreorder
        lw   $t0, nowhere
        li   $v0, 10
        syscall
