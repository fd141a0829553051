	.data
	.text
	swr $t5,32768
