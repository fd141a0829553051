# LC-3: diagnostics of a broken file (errors and warnings), hover on an
# instruction, a TRAP alias, a label, a register and a directive;
# definition and references (labels in any case); completion of mnemonics,
# of operands and after TRAP (the vectors and their aliases); the outline.
{"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}
notify {"method":"initialized","params":{}}
open lc3_bad.asm
wait textDocument/publishDiagnostics
open lc3_main.asm
wait textDocument/publishDiagnostics
# ADD: both forms, their encodings and meanings
{"method":"textDocument/hover","params":{"textDocument":{"uri":"file://$DIR/lc3_main.asm"},"position":{"line":4,"character":9}}}
# OUT: a TRAP alias
{"method":"textDocument/hover","params":{"textDocument":{"uri":"file://$DIR/lc3_main.asm"},"position":{"line":5,"character":9}}}
# COUNT used in LD: the label, its address and line
{"method":"textDocument/hover","params":{"textDocument":{"uri":"file://$DIR/lc3_main.asm"},"position":{"line":2,"character":17}}}
# LOOP where it is defined: a label, not an operator
{"method":"textDocument/hover","params":{"textDocument":{"uri":"file://$DIR/lc3_main.asm"},"position":{"line":3,"character":1}}}
# R1: a register
{"method":"textDocument/hover","params":{"textDocument":{"uri":"file://$DIR/lc3_main.asm"},"position":{"line":2,"character":11}}}
# .FILL: a directive
{"method":"textDocument/hover","params":{"textDocument":{"uri":"file://$DIR/lc3_main.asm"},"position":{"line":9,"character":10}}}
{"method":"textDocument/definition","params":{"textDocument":{"uri":"file://$DIR/lc3_main.asm"},"position":{"line":7,"character":13}}}
{"method":"textDocument/references","params":{"textDocument":{"uri":"file://$DIR/lc3_main.asm"},"position":{"line":3,"character":2},"context":{"includeDeclaration":false}}}
# after TRAP: the vectors with their names
{"method":"textDocument/completion","params":{"textDocument":{"uri":"file://$DIR/lc3_main.asm"},"position":{"line":8,"character":13}}}
# operands: the registers and the labels
{"method":"textDocument/completion","params":{"textDocument":{"uri":"file://$DIR/lc3_main.asm"},"position":{"line":7,"character":12}}}
# the statement's first word: mnemonics with their forms, directives
{"method":"textDocument/completion","params":{"textDocument":{"uri":"file://$DIR/lc3_main.asm"},"position":{"line":6,"character":9}}}
{"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file://$DIR/lc3_main.asm"}}}
{"method":"shutdown"}
notify {"method":"exit"}
