# Included by sample_mips.asm (the grammar test): nothing to add.
