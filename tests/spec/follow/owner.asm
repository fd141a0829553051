# owner_age(person *people, car *cars): cars[0].owner->age (the reference).
        .text
        .globl owner_age
owner_age:
        lw $t0, 4($a1)          # cars[0].owner
        lw $v0, 0($t0)          # its age
        jr $ra
