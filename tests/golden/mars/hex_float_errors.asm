# A sign after 'p' starts a new token (only 'e' keeps it), and a hex
# number without 'p' is no real: MARS's errors, not values.
.data
.double 0x1P+3
.float 0x10
.float 0x1p200
