# MARS maps a statement's own line once more through the line list with the include spliced in (fuzz D11).
# The errors below name other lines, two of them in the included file.
	.include "include_error_line.inc"
	swr $s2, 0x94dd
	nop
	swr $s2, 0x8000
main:	nop
	swr $s2, 0xffff
