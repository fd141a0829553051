# function: delete_node
# caught-by: output
# delete_node returns the old head when the head is the node to delete, so
# the head is never deleted.
/^delete_node_head:$/{n;d}
