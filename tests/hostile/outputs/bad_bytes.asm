# does not assemble: raw bytes ÿþ and an ESC [31m red [0m and a CR here
main: addi $t0, ÿ[2J, 3
›2J bad Ã
