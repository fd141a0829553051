# Hostile input: each malformed message gets an error or is ignored, and
# the server goes on answering; nothing crashes or hangs. ASan and UBSan
# watch it in the SANITIZE build.
# A request before initialize: ServerNotInitialized.
{"method":"textDocument/hover","params":{}}
# Bad JSON, a body that is no object, a header without Content-Length:
# parse errors, the bytes dropped.
raw Content-Length: 9\r\n\r\n{bad json
raw Content-Length: 7\r\n\r\n[1,2,3]
raw X-Other: 1\r\n\r\n
{"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}
notify {"method":"initialized","params":{}}
# A 100 MB Content-Length: refused at once (the cap is 4 MiB), not read.
raw Content-Length: 100000000\r\n\r\n
# An id that is an object, a method that is a number, no method at all.
raw Content-Length: 50\r\n\r\n{"jsonrpc":"2.0","id":{"x":1},"method":"shutdown"}
raw Content-Length: 36\r\n\r\n{"jsonrpc":"2.0","id":7,"method":42}
raw Content-Length: 29\r\n\r\n{"jsonrpc":"2.0","params":{}}
# A response to nothing (the server sends no requests): ignored.
raw Content-Length: 39\r\n\r\n{"jsonrpc":"2.0","id":99,"result":null}
# Unknown methods: MethodNotFound for a request, nothing for a notification.
notify {"method":"$/unknownNotification","params":{"x":[1,2]}}
{"method":"workspace/noSuchThing","params":{}}
# Wrong types and missing fields.
notify {"method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///nowhere/x.asm","text":42}}}
notify {"method":"textDocument/didOpen","params":{"textDocument":7}}
notify {"method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///never/opened.asm"},"contentChanges":[{"text":"x"}]}}
notify {"method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///never/opened.asm"},"contentChanges":"no"}}
{"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///nowhere/x.asm"},"position":{"line":"one","character":0}}}
{"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///nowhere/x.asm"},"position":{"line":-1,"character":0}}}
{"method":"textDocument/hover"}
{"method":"textDocument/definition","params":[]}
{"method":"textDocument/documentSymbol","params":{"textDocument":{}}}
{"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///not/open.asm"},"position":{"line":0,"character":0}}}
# A document whose URI is not file://: diagnostics under that URI; a
# position past its end is no word.
notify {"method":"textDocument/didOpen","params":{"textDocument":{"uri":"untitled:Untitled-1","languageId":"asm","version":1,"text":"main: addi $t0\n.include \"no-such-file.asm\"\n"}}}
wait textDocument/publishDiagnostics
{"method":"textDocument/hover","params":{"textDocument":{"uri":"untitled:Untitled-1"},"position":{"line":99,"character":99}}}
{"method":"textDocument/hover","params":{"textDocument":{"uri":"untitled:Untitled-1"},"position":{"line":0,"character":99999}}}
# semantic tokens without a document: invalid params; of an untitled one
{"method":"textDocument/semanticTokens/full","params":{}}
{"method":"textDocument/semanticTokens/full","params":{"textDocument":{"uri":"untitled:Untitled-1"}}}
{"method":"initialize","params":{}}
{"method":"shutdown"}
# After shutdown: requests are refused, exit ends with status 0.
{"method":"textDocument/hover","params":{}}
notify {"method":"exit"}
