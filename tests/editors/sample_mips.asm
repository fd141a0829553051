# A MIPS sample in MARS's dialect for the grammar test: every directive,
# basic and pseudo-instructions, each register and number spelling.
.include "macros.asm"
.eqv    COUNT, 10
.eqv    NEWLINE '\n'
.macro  print_int (%value)
        li      $v0, 1
        add     $a0, $zero, %value
        syscall
.end_macro
.set    noreorder
.extern table, 16
        .globl  main
        .data
msg:    .asciiz "Sum:\t\"%d\"\n"
raw:    .ascii  "no terminator\\"
        .align  2
words:  .word   1, -2, 0x1F, 017, COUNT, main
halves: .half   65535, -0x8000
bytes:  .byte   'a', '\n', '\101', -1
        .space  8
pi:     .double 3.14159, -2.5e-3
half:   .float  0.5, 1e10
        .kdata
kword:  .word   0xdeadbeef
        .text
main:   la      $t0, words      # pseudo: address of a label
        lw      $t1, 4($t0)
        lw      $8, -4($sp)
        li      $t2, COUNT
        blt     $t1, $t2, less  # pseudo: a branch on less
        move    $s0, $t1
less:   addi    $t1, $t1, +1
        mul     $t3, $t1, $t2
        add.s   $f0, $f12, $f31
        mtc1    $t0, $f2
        print_int ($t1)
        sw      $ra, words+8
        b       done
done:   li      $v0, 10
        syscall
        .ktext  0x80000180
        eret
