# 13.1: .include of a host file printed it in the report, line by line,
# as assembler errors with carets.
        .include "/etc/passwd"
