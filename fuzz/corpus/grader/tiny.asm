.text
.globl init_game
init_game:
  li $v0, -1
  jr $ra
