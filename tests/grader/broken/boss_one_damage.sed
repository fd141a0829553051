# From the deleted hw4_spec.sh (issue 32): complete_attack broken; its callers run
# the reference's code or restore what it breaks.
# loses: complete_attack
/^complete_attack_not_minion:/,/^complete_attack_not_boss:/s/li \$t1, 2/li $t1, 1/
