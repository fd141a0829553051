# Java's Double.parseDouble reads what MARS's tokenizer calls a real:
# hex significands with a 'p' exponent, f/d suffixes, trimmed controls.
.data
.double 0x1p3
.double 0x1.8p1
.double 0X1P3
.double 0x.8p1
.double 0x1.p1
.double -0x1p3
.double +0x1p3
.double 0x1p3f
.double 0x1p3D
.double 0xAbC.dEfp2
.double 0x1p1023
.double 0x1.fffffffffffff8p1023
.float 0x1.000001p0
.float 0x1p3
.double 1.5f
.double 3d
.double 0x1p9999
.double 0x00000000000000000000000001p0
.double 1.5
.double 0x1p1
