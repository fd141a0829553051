# A jump to address 0: no statement there, so no file and line.
        .text
        jr $zero
