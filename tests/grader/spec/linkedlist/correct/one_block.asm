# one_block.asm: a correct linkedlist solution written apart from the
# reference. build_list asks sbrk once for all the nodes and links them in
# place; find_node and reverse_list recurse; delete_node walks with the
# address of the link to change (the head's or a node's next).

        .text
        .globl build_list
        .globl find_node
        .globl delete_node
        .globl reverse_list

build_list:
        li $v0, 0
        blez $a1, bl_return
        move $t9, $a0
        sll $a0, $a1, 3          # 8 bytes a node
        li $v0, 9
        syscall
        move $a0, $t9
        move $t0, $v0            # the node being filled
        move $t1, $a1
bl_fill:
        lw $t2, 0($a0)
        sw $t2, 0($t0)
        addiu $t3, $t0, 8
        addiu $t1, $t1, -1
        bnez $t1, bl_link
        move $t3, $zero          # the last node ends the list
bl_link:
        sw $t3, 4($t0)
        addiu $a0, $a0, 4
        move $t0, $t3
        bnez $t1, bl_fill
bl_return:
        jr $ra

find_node:
        beqz $a0, fn_none
        lw $t0, 0($a0)
        beq $t0, $a1, fn_hit
        addiu $sp, $sp, -4
        sw $ra, 0($sp)
        lw $a0, 4($a0)
        jal find_node
        lw $ra, 0($sp)
        addiu $sp, $sp, 4
        jr $ra
fn_hit:
        move $v0, $a0
        jr $ra
fn_none:
        li $v0, 0
        jr $ra

# $t0 holds the address of the link that points to the node looked at;
# the head's "link" is a stack slot, read back as the result.
delete_node:
        addiu $sp, $sp, -4
        sw $a0, 0($sp)
        move $t0, $sp
dn_walk:
        lw $t1, 0($t0)
        beqz $t1, dn_out
        lw $t2, 0($t1)
        beq $t2, $a1, dn_unlink
        addiu $t0, $t1, 4
        j dn_walk
dn_unlink:
        lw $t2, 4($t1)
        sw $t2, 0($t0)
dn_out:
        lw $v0, 0($sp)
        addiu $sp, $sp, 4
        jr $ra

# reverse(head): the reversed rest, with head appended after its old next.
reverse_list:
        beqz $a0, rl_same
        lw $t0, 4($a0)
        beqz $t0, rl_same
        addiu $sp, $sp, -8
        sw $ra, 4($sp)
        sw $a0, 0($sp)
        move $a0, $t0
        jal reverse_list
        lw $a0, 0($sp)
        lw $ra, 4($sp)
        addiu $sp, $sp, 8
        lw $t0, 4($a0)           # the old next, now the reversed part's tail
        sw $a0, 4($t0)
        sw $zero, 4($a0)
        jr $ra
rl_same:
        move $v0, $a0
        jr $ra
