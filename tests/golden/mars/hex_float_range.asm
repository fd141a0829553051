# Pass 1 errors: a hex integer is no real, 2^200 is no float.
.data
.float 0x10
.float 0x1p200
.double 0x1p200
