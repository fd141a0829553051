# break with a code stops the run with MARS's message.
        .text
        nop
        break 5
