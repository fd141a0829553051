# MIPS: the lifecycle, hover on an instruction, a pseudo-instruction, a
# label, a register and a directive; definition across two open files and
# into a file the other includes (.globl); references; completion after
# `li $v0, `, of mnemonics and of operands; the outline.
{"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}
notify {"method":"initialized","params":{}}
open mips_lib.asm
wait textDocument/publishDiagnostics
open mips_main.asm
wait textDocument/publishDiagnostics
wait textDocument/publishDiagnostics
# jal: a basic instruction, its form, encoding and meaning
{"method":"textDocument/hover","params":{"textDocument":{"uri":"file://$DIR/mips_main.asm"},"position":{"line":4,"character":9}}}
# la: a pseudo-instruction, its expansions
{"method":"textDocument/hover","params":{"textDocument":{"uri":"file://$DIR/mips_main.asm"},"position":{"line":3,"character":8}}}
# greeting: a label, its address and line
{"method":"textDocument/hover","params":{"textDocument":{"uri":"file://$DIR/mips_main.asm"},"position":{"line":3,"character":20}}}
# $a0: a register
{"method":"textDocument/hover","params":{"textDocument":{"uri":"file://$DIR/mips_main.asm"},"position":{"line":3,"character":15}}}
# .asciiz: a directive
{"method":"textDocument/hover","params":{"textDocument":{"uri":"file://$DIR/mips_main.asm"},"position":{"line":9,"character":12}}}
# a comment: nothing
{"method":"textDocument/hover","params":{"textDocument":{"uri":"file://$DIR/mips_main.asm"},"position":{"line":0,"character":4}}}
# print_it is in the other open file, helper in the file it includes
{"method":"textDocument/definition","params":{"textDocument":{"uri":"file://$DIR/mips_main.asm"},"position":{"line":4,"character":14}}}
{"method":"textDocument/definition","params":{"textDocument":{"uri":"file://$DIR/mips_main.asm"},"position":{"line":5,"character":15}}}
{"method":"textDocument/references","params":{"textDocument":{"uri":"file://$DIR/mips_lib.asm"},"position":{"line":4,"character":2},"context":{"includeDeclaration":true}}}
{"method":"textDocument/completion","params":{"textDocument":{"uri":"file://$DIR/mips_main.asm"},"position":{"line":6,"character":18}}}
# operands: the registers and the labels
{"method":"textDocument/completion","params":{"textDocument":{"uri":"file://$DIR/mips_main.asm"},"position":{"line":5,"character":13}}}
{"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file://$DIR/mips_main.asm"}}}
{"method":"shutdown"}
notify {"method":"exit"}
