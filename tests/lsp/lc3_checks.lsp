# LC-3: the checks' findings that show without running (an ST into an
# instruction of the program, a TRAP with a vector the OS does not serve),
# none for an ST into data, HALT's vector or a .FILL that looks like a
# TRAP; the semantic tokens (label definitions and uses, mnemonics,
# registers).
{"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}
notify {"method":"initialized","params":{}}
open lc3_checks.asm
wait textDocument/publishDiagnostics
{"method":"textDocument/semanticTokens/full","params":{"textDocument":{"uri":"file://$DIR/lc3_checks.asm"}}}
{"method":"shutdown"}
notify {"method":"exit"}
