# linkedlist.asm: the reference solution of linkedlist.spec (README.md is
# the handout). A node is 8 bytes: its value (word, offset 0) and the
# address of the next node (word, offset 4; 0 in the last node). No
# function calls another, so none needs a frame; each works in $t registers
# and returns in $v0.

        .text
        .globl build_list
        .globl find_node
        .globl delete_node
        .globl reverse_list

# node *build_list(int *values, int n)
#   one sbrk of 8 bytes per node, in the order of values; $t0 the values
#   left, $t1 the next value's address, $t2 the last node made (0: none yet)
build_list:
        li $v0, 0
        move $t0, $a1
        move $t1, $a0
        li $t2, 0
        li $t3, 0
build_list_next:
        blez $t0, build_list_done
        move $t4, $a0
        li $a0, 8
        li $v0, 9
        syscall
        move $a0, $t4
        lw $t5, 0($t1)
        sw $t5, 0($v0)
        sw $zero, 4($v0)
        beqz $t2, build_list_first
        sw $v0, 4($t2)
        j build_list_linked
build_list_first:
        move $t3, $v0
build_list_linked:
        move $t2, $v0
        addi $t1, $t1, 4
        addi $t0, $t0, -1
        j build_list_next
build_list_done:
        move $v0, $t3
        jr $ra

# node *find_node(node *head, int value)
#   the first node holding value, or 0
find_node:
        move $v0, $a0
find_node_next:
        beqz $v0, find_node_done
        lw $t0, 0($v0)
        beq $t0, $a1, find_node_done
        lw $v0, 4($v0)
        j find_node_next
find_node_done:
        jr $ra

# node *delete_node(node *head, int value)
#   unlinks the first node holding value; returns the list's head.
#   $t0 the node before $t1 (0: $t1 is the head), $t1 the node looked at
delete_node:
        move $v0, $a0
        li $t0, 0
        move $t1, $a0
delete_node_next:
        beqz $t1, delete_node_done
        lw $t2, 0($t1)
        beq $t2, $a1, delete_node_found
        move $t0, $t1
        lw $t1, 4($t1)
        j delete_node_next
delete_node_found:
        lw $t3, 4($t1)
        beqz $t0, delete_node_head
        sw $t3, 4($t0)
        jr $ra
delete_node_head:
        move $v0, $t3
delete_node_done:
        jr $ra

# node *reverse_list(node *head)
#   $v0 the reversed part's head, $t0 the node moved to it, $t1 the rest
reverse_list:
        li $v0, 0
        move $t0, $a0
reverse_list_next:
        beqz $t0, reverse_list_done
        lw $t1, 4($t0)
        sw $v0, 4($t0)
        move $v0, $t0
        move $t0, $t1
        j reverse_list_next
reverse_list_done:
        jr $ra
