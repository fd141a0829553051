# MIPS diagnostics as you type: every error of a broken file, the warning
# as a warning, ranges from the assembler's line and column; a change that
# fixes the file clears them; columns after non-ASCII text count UTF-16
# units as LSP does (byte 27 is character 23 here); closing clears them.
{"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}
notify {"method":"initialized","params":{}}
open mips_bad.asm
wait textDocument/publishDiagnostics
notify {"method":"textDocument/didChange","params":{"textDocument":{"uri":"file://$DIR/mips_bad.asm","version":2},"contentChanges":[{"text":"main:\taddi $t0, $t1, 1\n\tli $v0, 10\n\tsyscall\n"}]}}
wait textDocument/publishDiagnostics
notify {"method":"textDocument/didChange","params":{"textDocument":{"uri":"file://$DIR/mips_bad.asm","version":3},"contentChanges":[{"text":"\t.data\ns:\t.asciiz \"\u00e9\ud83d\ude00\", \"x\", 5\n\t.text\n\tla $t0, missing\n"}]}}
wait textDocument/publishDiagnostics
notify {"method":"textDocument/didClose","params":{"textDocument":{"uri":"file://$DIR/mips_bad.asm"}}}
wait textDocument/publishDiagnostics
{"method":"shutdown"}
notify {"method":"exit"}
