/* Fuzz target: the MIPS machine and MARS's syscalls. The input is
 *   byte 0        flags: bit 0 self-modifying code, bit 1 delayed branching,
 *                 bit 2 the first 32 words are also the exception handler
 *   bytes 1-124   $1-$31 (little-endian words; missing bytes are 0)
 *   byte 125      n: the next n bytes are standard input, then its end
 *   the rest      words placed in .text from 0x00400000 and, the same
 *                 bytes, in .data from 0x10010000 (names, buffers)
 * At each syscall the next 17 of those same bytes, read as a script from
 * the start, choose the service (among every number MARS has, and a few it
 * has not) and $a0-$a3, so each service gets random arguments rather than
 * whatever $v0 happened to hold. Files
 * resolve in an empty scratch directory, sleeping is off, output goes
 * nowhere, and steps and output are bounded. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "console.h"
#include "fuzz_util.h"
#include "mips_machine.h"
#include "mips_syscall.h"

enum { STEP_LIMIT = 20000, SYSCALL_LIMIT = 200, OUTPUT_CAP = 64 * 1024, REGS = 1 + 31 * 4 };

static const uint8_t services[] = {1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16,
                                   17, 30, 31, 32, 33, 34, 35, 36, 40, 41, 42, 43, 44, 50, 0,  99};

static uint32_t word_le(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Standard input as a pipe holding the given bytes, then its end (fewer
 * than 256 bytes: the pipe never fills). -1 on failure. */
static int input_pipe(const uint8_t *bytes, size_t len)
{
    int fds[2];
    if (pipe(fds) != 0)
        return -1;
    if (write(fds[1], bytes, len) != (ssize_t)len) {
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    close(fds[1]);
    return fds[0];
}

/* Runs until the program ends, fails or uses its steps; picks each
 * syscall's service and arguments from the script. */
static void run(mips_machine *m, mips_syscalls *sys, const uint8_t *script, size_t script_len)
{
    size_t at = 0;
    for (int calls = 0; calls < SYSCALL_LIMIT; calls++) {
        uint64_t used = mips_instruction_count(m);
        if (used >= STEP_LIMIT || mips_run(m, STEP_LIMIT - used) != MIPS_STOP_SYSCALL)
            return;
        if (at + 17 <= script_len) {
            mips_set_reg(m, 2, services[script[at] % sizeof services]);
            for (unsigned r = 0; r < 4; r++)
                mips_set_reg(m, 4 + r, word_le(script + at + 1 + 4 * r));
            at += 17;
        }
        mips_syscall_result res = mips_syscall(sys, m);
        if (res != MIPS_SYSCALL_CONTINUE && res != MIPS_SYSCALL_RAISED)
            return;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_INPUT || size == 0)
        return -1;
    uint8_t header[REGS + 1] = {0};
    memcpy(header, data, size < sizeof header ? size : sizeof header);
    size_t at = size < sizeof header ? size : sizeof header;
    size_t input_len = header[REGS] <= size - at ? header[REGS] : size - at;
    const uint8_t *input = data + at;
    at += input_len;
    const uint8_t *code = data + at;
    size_t code_len = (size - at) & ~(size_t)3;

    mips_machine_options mo = {.self_modifying_code = header[0] & 1,
                               .delayed_branching = header[0] & 2};
    mips_machine *m = mips_machine_new(&mo);
    if (!m)
        abort();
    for (unsigned r = 1; r < 32; r++)
        mips_set_reg(m, r, word_le(header + 1 + 4 * (r - 1)));
    for (size_t i = 0; i < code_len; i += 4) {
        mips_poke(m, MIPS_TEXT_BASE + (uint32_t)i, word_le(code + i));
        mips_poke(m, MIPS_DATA_BASE + (uint32_t)i, word_le(code + i));
        if ((header[0] & 4) && i < 32 * 4)
            mips_poke(m, MIPS_EXCEPTION_HANDLER + (uint32_t)i, word_le(code + i));
    }
    mips_set_pc(m, MIPS_TEXT_BASE);

    const char *root = fuzz_scratch_dir();
    fuzz_clear_dir(root);
    int in_fd = input_pipe(input, input_len);
    console *con = console_open(in_fd, -1);
    mips_syscall_options so = mips_syscall_default_options();
    so.root = root;
    so.output_cap = OUTPUT_CAP;
    so.stderr_fd = -1;
    so.no_sleep = true;
    mips_syscalls *sys = con ? mips_syscalls_new(con, &so) : NULL;
    if (!sys)
        abort();
    run(m, sys, code, code_len);
    mips_syscalls_free(sys);
    console_close(con);
    if (in_fd >= 0)
        close(in_fd);
    mips_machine_free(m);
    return 0;
}
