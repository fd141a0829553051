/* Fuzz target: the MIPS machine and MARS's syscalls. The input is
 *   byte 0        flags: bit 0 self-modifying code, bit 1 delayed branching,
 *                 bit 2 the first 32 words are also the exception handler
 *   bytes 1-124   $1-$31 (little-endian words; missing bytes are 0)
 *   byte 125      n: the next n bytes are standard input, then its end
 *   the rest      words placed in .text from 0x00400000 and, the same
 *                 bytes, in .data from 0x10010000 (names, buffers)
 * At each syscall (the session's hook) the next 17 of those same bytes, read as a script from
 * the start, choose the service (among every number MARS has, and a few it
 * has not) and $a0-$a3, so each service gets random arguments rather than
 * whatever $v0 happened to hold. Files
 * resolve in an empty scratch directory, sleeping is off, output goes
 * nowhere, and steps and output are bounded. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_util.h"
#include "mips_isa.h"
#include "mips_session.h"

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

/* The script of syscalls: the next 17 bytes choose each one's service and
 * arguments, until the script or the SYSCALL_LIMIT runs out. */
typedef struct syscall_script {
    const uint8_t *bytes;
    size_t len, at;
    int calls;
} syscall_script;

/* The session's hook: rewrites the syscall's registers from the script. */
static mips_syscall_verdict script_syscall(void *ctx, mips_session *s, unsigned service)
{
    syscall_script *script = ctx;
    mips_machine *m = mips_session_machine(s);
    (void)service;
    if (script->calls++ >= SYSCALL_LIMIT)
        return MIPS_SYSCALL_STOP;
    if (script->at + 17 <= script->len) {
        const uint8_t *p = script->bytes + script->at;
        mips_set_reg(m, MIPS_REG_V0, services[p[0] % sizeof services]);
        for (unsigned r = 0; r < 4; r++)
            mips_set_reg(m, MIPS_REG_A0 + r, word_le(p + 1 + 4 * r));
        script->at += 17;
    }
    return MIPS_SYSCALL_PERFORM;
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

    const char *root = fuzz_scratch_dir();
    fuzz_clear_dir(root);
    mips_session_config cfg = mips_session_default_config();
    cfg.machine = (mips_machine_options){.self_modifying_code = header[0] & 1,
                                         .delayed_branching = header[0] & 2};
    cfg.in_fd = input_pipe(input, input_len);
    cfg.out_fd = -1;
    cfg.syscalls.root = root;
    cfg.syscalls.output_cap = OUTPUT_CAP;
    cfg.syscalls.stderr_fd = -1;
    cfg.syscalls.no_sleep = true;
    mips_session *s = mips_session_new(&cfg);
    if (!s || !mips_session_open(s, NULL))
        abort();
    mips_machine *m = mips_session_machine(s);
    for (unsigned r = 1; r < 32; r++)
        mips_set_reg(m, r, word_le(header + 1 + 4 * (r - 1)));
    for (size_t i = 0; i < code_len; i += 4) {
        mips_poke(m, MIPS_TEXT_BASE + (uint32_t)i, word_le(code + i));
        mips_poke(m, MIPS_DATA_BASE + (uint32_t)i, word_le(code + i));
        if ((header[0] & 4) && i < 32 * 4)
            mips_poke(m, MIPS_EXCEPTION_HANDLER + (uint32_t)i, word_le(code + i));
    }
    mips_set_pc(m, MIPS_TEXT_BASE);
    syscall_script script = {code, code_len, 0, 0};
    mips_session_set_syscall_hook(s, script_syscall, &script);
    mips_session_run(s, STEP_LIMIT);
    mips_session_free(s);
    if (cfg.in_fd >= 0)
        close(cfg.in_fd);
    return 0;
}
