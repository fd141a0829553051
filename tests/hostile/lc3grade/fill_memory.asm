; Fills all of user space with words: the largest image a file can make.
        .ORIG x3000
        HALT
        .BLKW xCDFF x5020
        .END
