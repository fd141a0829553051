# tests/hostile/clock: a game that seeds its dice from the clock, and a
# program that prints the time (issue 30, observation 6). Graded against
# itself it must score full on every seed, and grade the same each time:
# a graded run's clock and random streams are virtual (docs/mips-syscalls.md).
# Input 1: the game; 2: the clock.
        .text
main:
        li $v0, 5
        syscall
        li $t0, 2
        beq $v0, $t0, show_time
# The game: seed stream 0 from the clock, as an ordinary game does.
        li $v0, 30
        syscall
        move $a1, $a0
        li $a0, 0
        li $v0, 40
        syscall
        li $s0, 5
dice:
        li $a0, 0
        li $a1, 6
        li $v0, 42
        syscall
        addi $a0, $a0, 1
        li $v0, 1
        syscall
        li $a0, 10
        li $v0, 11
        syscall
        addi $s0, $s0, -1
        bgtz $s0, dice
# A stream nobody seeded: MARS seeds it from the clock.
        li $a0, 9
        li $v0, 41
        syscall
        li $v0, 1
        syscall
        li $a0, 10
        li $v0, 11
        syscall
        li $v0, 10
        syscall

# The clock: the time, then how far it moved between two reads and
# across a sleep of 250 ms.
show_time:
        li $v0, 30
        syscall
        move $s0, $a0
        move $a0, $a1
        li $v0, 1
        syscall
        li $a0, 32
        li $v0, 11
        syscall
        move $a0, $s0
        li $v0, 36
        syscall
        li $a0, 10
        li $v0, 11
        syscall
        li $v0, 30
        syscall
        subu $a0, $a0, $s0
        move $s0, $a0
        li $v0, 1
        syscall
        li $a0, 10
        li $v0, 11
        syscall
        li $v0, 30
        syscall
        move $s1, $a0
        li $a0, 250
        li $v0, 32
        syscall
        li $v0, 30
        syscall
        subu $a0, $a0, $s1
        li $v0, 1
        syscall
        li $a0, 10
        li $v0, 11
        syscall
        li $v0, 10
        syscall

# roll(n): a number in 0..n-1 from stream 3, which nobody seeds.
roll:
        move $a1, $a0
        li $a0, 3
        li $v0, 42
        syscall
        move $v0, $a0
        jr $ra

# stamp(): the low word of the time.
stamp:
        li $v0, 30
        syscall
        move $v0, $a0
        jr $ra
