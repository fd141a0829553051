# MIPS: the checks' findings that show without running (code and source
# "asmtools-check": a write to $zero, a value kept in $k0 or $at outside the
# kernel's own segment, $gp-relative memory), none in .ktext or for nop;
# the semantic tokens (.eqv name, macro and parameters defined and used,
# label definitions and uses, pseudo-instructions, registers); a fix that
# clears the findings.
{"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}
notify {"method":"initialized","params":{}}
open mips_checks.asm
wait textDocument/publishDiagnostics
{"method":"textDocument/semanticTokens/full","params":{"textDocument":{"uri":"file://$DIR/mips_checks.asm"}}}
# a document that is not open: null
{"method":"textDocument/semanticTokens/full","params":{"textDocument":{"uri":"file://$DIR/none.asm"}}}
notify {"method":"textDocument/didChange","params":{"textDocument":{"uri":"file://$DIR/mips_checks.asm","version":2},"contentChanges":[{"text":"main:\tadd $t0, $v0, $v0\n\tmove $s0, $t0\n\tlw $t1, 8($sp)\n"}]}}
wait textDocument/publishDiagnostics
{"method":"shutdown"}
notify {"method":"exit"}
