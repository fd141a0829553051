; OWNER_AGE: the reference of lc3_follow.spec, cars[0].owner->age.
        .ORIG x3000
OWNER_AGE
        LDR R0, R1, #1          ; cars[0].owner
        LDR R0, R0, #0          ; its age
        RET
        .END
