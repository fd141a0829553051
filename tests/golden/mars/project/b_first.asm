# Project mode ("p"): this file is named on the command line, so it leads;
# every other .asm and .s file of its folder is assembled with it.
.text
    jal greet
    li $v0, 10
    syscall
