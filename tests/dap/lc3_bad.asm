; A load error for the DAP sessions' launch.
        .ORIG x3000
        ADD  R0, R0
        BRz  NOWHERE
        .END
