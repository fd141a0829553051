/* A graded call: noise, a traced run, and the checks of the handout's
 * conventions. docs/grader.md says what each check means. */
#include "mips_checked_call.h"

#include "mips_isa.h"
#include "mips_syscall.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "mips_call_stores.h"

enum { HEAP_WINDOW = 0x1000 };

/* The registers a callee must give back (CSE 220: $s0-$s7, $gp, $sp, $fp). */
static const unsigned preserved[] = {16, 17, 18, 19, 20, 21, 22, 23,
                                     MIPS_REG_GP, MIPS_REG_SP, MIPS_REG_FP};

/* A call's noise, laid lazily: each window's words are the random stream
 * from where it was drawn (grade_rng_at), and a block the call never
 * touches is never made. Later windows win where they overlap, as later
 * writes would; .data keeps the program's values. */
enum { NOISE_WINDOWS = 8, BLOCK_WORDS = 1024 /* a fresh block's, mips_set_fresh_words */ };
typedef struct noise {
    struct {
        uint32_t base, size;
        grade_rng from;
    } window[NOISE_WINDOWS];
    int count;
    uint32_t data_lo, data_hi; /* the program's .data: no noise */
    grade_noise_cache *cache;  /* blocks kept for the case's next run; NULL: none */
} noise;

/* A block's noise is a function of the windows and of the part of .data
 * inside the block, nothing else: equal there, equal words. */
typedef struct cached_block {
    bool used;
    uint32_t address;
    noise drawn_by; /* its windows and .data (cache unused) */
    uint32_t words[BLOCK_WORDS];
} cached_block;

enum { NOISE_CACHE_BLOCKS = 8 }; /* a hw4 run makes 2 or 3 */
struct grade_noise_cache {
    cached_block block[NOISE_CACHE_BLOCKS];
    unsigned next; /* the slot the next block takes, oldest first */
};

grade_noise_cache *grade_noise_cache_new(void)
{
    return calloc(1, sizeof(grade_noise_cache));
}

void grade_noise_cache_free(grade_noise_cache *cache)
{
    free(cache);
}

static bool in_data(const noise *n, uint32_t address)
{
    return address - n->data_lo < n->data_hi - n->data_lo;
}

static bool same_noise(const noise *a, const noise *b, uint32_t address)
{
    if (a->count != b->count)
        return false;
    for (int i = 0; i < a->count; i++)
        if (a->window[i].base != b->window[i].base || a->window[i].size != b->window[i].size ||
            a->window[i].from.state != b->window[i].from.state)
            return false;
    /* .data clipped to the block: what noise_words zeroes there */
    uint64_t lo = address, hi = lo + 4 * BLOCK_WORDS;
    uint64_t a_lo = a->data_lo > lo ? a->data_lo : lo, a_hi = a->data_hi < hi ? a->data_hi : hi;
    uint64_t b_lo = b->data_lo > lo ? b->data_lo : lo, b_hi = b->data_hi < hi ? b->data_hi : hi;
    bool a_none = a_lo >= a_hi, b_none = b_lo >= b_hi;
    return a_none || b_none ? a_none == b_none : a_lo == b_lo && a_hi == b_hi;
}

static void draw_words(const noise *n, uint32_t address, uint32_t *words, size_t count);

/* words[0..count) from address: each window's stream where it overlaps,
 * in order, zero elsewhere and over .data. A whole block is drawn once
 * per case: the reference's run keeps it, the submission's copies it
 * (pure noise, taken before the program ran: nothing of either run). */
static void noise_words(void *ctx, uint32_t address, uint32_t *words, size_t count)
{
    const noise *n = ctx;
    grade_noise_cache *cache = n->cache;
    if (!cache || count != BLOCK_WORDS || address % (4 * BLOCK_WORDS)) {
        draw_words(n, address, words, count);
        return;
    }
    for (unsigned i = 0; i < NOISE_CACHE_BLOCKS; i++) {
        const cached_block *b = &cache->block[i];
        if (b->used && b->address == address && same_noise(&b->drawn_by, n, address)) {
            memcpy(words, b->words, sizeof b->words);
            return;
        }
    }
    draw_words(n, address, words, count);
    cached_block *b = &cache->block[cache->next];
    cache->next = (cache->next + 1) % NOISE_CACHE_BLOCKS;
    b->used = true;
    b->address = address;
    b->drawn_by = *n;
    b->drawn_by.cache = NULL;
    memcpy(b->words, words, sizeof b->words);
}

static void draw_words(const noise *n, uint32_t address, uint32_t *words, size_t count)
{
    memset(words, 0, count * sizeof *words);
    uint64_t lo = address, hi = lo + 4 * (uint64_t)count;
    for (int i = 0; i < n->count; i++) {
        uint64_t from = n->window[i].base, to = from + n->window[i].size;
        from = from > lo ? from : lo;
        to = to < hi ? to : hi;
        if (from >= to)
            continue;
        grade_rng at = n->window[i].from;
        grade_rng_skip(&at, (from - n->window[i].base) / 4);
        grade_rng_fill(&at, words + (from - lo) / 4, (size_t)(to - from) / 4);
    }
    uint64_t data_from = n->data_lo > lo ? n->data_lo : lo;
    uint64_t data_to = n->data_hi < hi ? n->data_hi : hi;
    for (uint64_t at = data_from & ~(uint64_t)3; at < data_to; at += 4)
        words[(at - lo) / 4] = 0;
}

/* The noise of size bytes from address (word-aligned) on, drawn from rng
 * as size / 4 calls would draw it: laid now in the blocks that exist (the
 * program's data, an earlier write), later in the others as they are used. */
void grade_call_noise(mips_call *c, const mips_call_program *prog, uint32_t address,
                      uint32_t size, grade_rng *rng)
{
    mips_machine *m = mips_call_machine(c);
    noise *n = mips_call_scratch(c, sizeof *n);
    uint32_t words = (size + 3) / 4;
    if (!n || n->count == NOISE_WINDOWS || address % 4) {
        for (uint32_t k = 0; k < words; k++) /* the plain way: a poke per word */
            mips_poke(m, address + 4 * k, grade_rng_next(rng));
        return;
    }
    if (!n->count) {
        const mips_segment *data = &mips_call_image(prog)->segments[MIPS_SEG_DATA];
        n->data_lo = data->base & ~3u;
        n->data_hi = data->size ? data->base + data->size : n->data_lo;
        mips_set_fresh_words(m, noise_words, n);
    }
    n->window[n->count].base = address;
    n->window[n->count].size = 4 * words;
    n->window[n->count].from = *rng;
    n->count++;
    for (uint32_t k = 0; k < words; k++) {
        uint32_t at = address + 4 * k, word;
        if (!mips_peek(m, at, &word)) { /* an unmade block: made when used */
            uint32_t next_block = (at | 0xfffu) + 1;
            k += next_block - at > 4 ? (next_block - at) / 4 - 1 : 0;
            continue;
        }
        if (!in_data(n, at))
            mips_poke(m, at, grade_rng_at(rng, k));
    }
    grade_rng_skip(rng, words);
}

mips_call *grade_call_new(const mips_call_program *prog, const mips_call_options *options,
                          grade_rng *rng, grade_noise_cache *cache)
{
    mips_call *c = mips_call_new(prog, options);
    if (!c)
        return NULL;
    noise *n = mips_call_scratch(c, sizeof *n);
    if (n)
        n->cache = cache;
    grade_call_noise(c, prog, GRADE_DATA_BASE, GRADE_DATA_SIZE, rng);
    grade_call_noise(c, prog, MIPS_HEAP_BASE, HEAP_WINDOW, rng);
    grade_call_noise(c, prog, MIPS_SP_INIT + 4 - GRADE_STACK_NOISE, GRADE_STACK_NOISE, rng);
    return c;
}

/* A block sbrk returned, where a function allowed sbrk may write. */
typedef struct block {
    uint32_t base, size;
} block;

/* What the trace learns while the function runs. */
typedef struct trace {
    const mips_program *image;
    bool started;
    uint32_t entry_regs[32];
    mips_call_stores stores;
    uint32_t *return_to;  /* per call depth, the $ra its function was entered with */
    size_t depth;         /* calls made and not returned */
    size_t return_cap;
    bool entering;        /* a jal/jalr ran: the next step records its $ra */
    bool own_done;        /* the function tail-called a helper: what runs now is not its own */
    uint32_t *callees;    /* distinct call targets (jal, jalr, tail calls), every one */
    size_t callee_count, callee_cap;
    const uint32_t *helpers; /* entries of the required helpers, for tail calls */
    size_t helper_count;
    int helper_slot[4];      /* the must_call index of each helper */
    uint32_t helper_calls[4];
    uint32_t saved, written;             /* by the function itself: registers stored
                                            with sw to its stack, registers written */
    uint32_t syscall_pc[64];             /* the first pc of each service used */
    bool syscall_used[64];
    bool sbrk_pending;                   /* the last step was sbrk: $v0 is its block */
    uint32_t sbrk_size;
    block *blocks;
    size_t block_count, block_cap;
    uint32_t read_buffer, read_max;      /* a read syscall's buffer, before it ran */
    uint8_t *read_before;
    size_t read_cap;
    uint32_t *fpu_lines;                 /* lines that use $f registers, once each */
    size_t fpu_count, fpu_cap;
    bool out_of_memory;                  /* a call or callee could not be recorded */
    struct roles_memo *memo;             /* the program's (NULL: out of memory) */
    bool calm;                           /* started, and nothing due at the next step:
                                            a plain instruction's step is the short one */
} trace;

/* Roles by instruction word, for all calls of a program: decoding each
 * step again cost a tenth of a grading, and a memo per call missed on
 * every word of every call. Keyed by the word, so code a program rewrites
 * is looked up anew. */
enum { ROLES_MEMO_SLOTS = 4096 };

/* What a step of an instruction does with nothing due from the last (the
 * trace calm): the common kinds are done in before_step or beside it,
 * the rest by full_step. */
typedef enum step_kind {
    STEP_FULL,    /* a syscall, $f, a call or a return: full_step (and a slot unfilled) */
    STEP_PLAIN,   /* none of those, no store, jump, nor whole word loaded from $sp: all
                     its step does is write_bit */
    STEP_SP_LOAD, /* a whole word loaded from $sp, nothing else: a restore or a write */
    STEP_STORE,   /* a store, nothing else: noted (store_step) */
    STEP_JUMP,    /* j or jr, nothing else: a call only when a helper is required */
} step_kind;

typedef struct roles_memo {
    struct {
        bool filled;
        uint8_t kind;       /* step_kind */
        uint32_t word;
        uint32_t write_bit; /* 1 << the register it writes; 0: none */
        mips_roles roles;
    } slot[ROLES_MEMO_SLOTS];
} roles_memo;

static unsigned memo_hash(uint32_t word)
{
    return (word * 2654435761u) >> 20; /* 12 bits */
}

/* Whether a whole general register goes to or from $sp's memory: a save
 * or a restore in the function's own frame. */
static bool whole_word_at_sp(const mips_roles *r)
{
    return MIPS_ROLE_BYTES(r->roles) == 4 && !(r->roles & (MIPS_PARTIAL | MIPS_COP1)) &&
           r->base == MIPS_REG_SP;
}

/* The roles of word (a pointer into the memo, or into one): a step's
 * lookup copies nothing. */
static const mips_roles *roles_of(trace *t, uint32_t word, mips_roles *unmemoized)
{
    if (!t->memo) {
        *unmemoized = mips_roles_of(word);
        return unmemoized;
    }
    unsigned h = memo_hash(word);
    if (!t->memo->slot[h].filled || t->memo->slot[h].word != word) {
        const mips_roles r = mips_roles_of(word);
        const unsigned full = MIPS_SYSCALL | MIPS_COP1 | MIPS_CALL | MIPS_RETURN;
        bool sp_load = whole_word_at_sp(&r) && (r.roles & MIPS_LOAD);
        step_kind kind = r.roles & full                            ? STEP_FULL
                         : r.roles & MIPS_STORE                    ? STEP_STORE
                         : (r.roles & MIPS_JUMP) && !sp_load       ? STEP_JUMP
                         : r.roles & MIPS_JUMP                     ? STEP_FULL
                         : sp_load                                 ? STEP_SP_LOAD
                                                                   : STEP_PLAIN;
        t->memo->slot[h].filled = true;
        t->memo->slot[h].word = word;
        t->memo->slot[h].roles = r;
        t->memo->slot[h].kind = (uint8_t)kind;
        t->memo->slot[h].write_bit = r.writes ? 1u << r.writes : 0;
    }
    return &t->memo->slot[h].roles;
}

/* The byte at address (0 where memory was never touched, as in MARS). */
static uint8_t peek_byte(const mips_machine *m, uint32_t address)
{
    uint32_t word = 0;
    mips_peek(m, address & ~3u, &word);
    return (uint8_t)(word >> (8 * (address & 3)));
}

/* Notes size bytes from address, each word they touch peeked once. */
static void note_store(trace *t, const mips_machine *m, uint32_t address, unsigned size)
{
    for (unsigned b = 0; b < size;) {
        uint32_t at = address + b, word = 0;
        unsigned first = at & 3u, n = 4 - first < size - b ? 4 - first : size - b;
        unsigned mask = ((1u << n) - 1) << first;
        if (!mips_call_stores_noted(&t->stores, at & ~3u, mask)) {
            mips_peek(m, at & ~3u, &word);
            mips_call_stores_note(&t->stores, at & ~3u, word, mask);
        }
        b += n;
    }
}

/* The bytes [address, address + count) as they are now: a peek for each
 * word they touch, not each byte. */
static void peek_bytes(const mips_machine *m, uint32_t address, uint8_t *out, uint32_t count)
{
    uint32_t word = 0, at = 0;
    for (uint32_t i = 0; i < count; i++) {
        uint32_t a = address + i;
        if (i == 0 || (a & 3u) == 0) {
            at = a & ~3u;
            word = 0;
            mips_peek(m, at, &word);
        }
        out[i] = (uint8_t)(word >> 8 * (a & 3u));
    }
}

/* Notes the bytes [address, address + count), whose values before the
 * call were before[i]: one note for each word they touch. */
static void note_bytes(trace *t, uint32_t address, const uint8_t *before, uint32_t count)
{
    for (uint32_t i = 0; i < count;) {
        uint32_t at = (address + i) & ~3u, word = 0;
        unsigned mask = 0;
        do {
            unsigned k = (address + i) & 3u;
            word |= (uint32_t)before[i] << 8 * k;
            mask |= 1u << k;
            i++;
        } while (i < count && ((address + i) & 3u) != 0);
        mips_call_stores_note(&t->stores, at, word, mask);
    }
}

/* The function's entry: its registers. */
static void start(trace *t, const mips_machine *m)
{
    t->started = true;
    for (unsigned r = 0; r < 32; r++)
        t->entry_regs[r] = mips_reg(m, r);
}

static void note_callee(trace *t, uint32_t target)
{
    for (size_t i = 0; i < t->helper_count; i++)
        if (t->helpers[i] == target)
            t->helper_calls[i]++;
    for (size_t i = 0; i < t->callee_count; i++)
        if (t->callees[i] == target)
            return;
    if (t->callee_count == t->callee_cap) {
        uint32_t *grown = grow_array(t->callees, &t->callee_cap, t->callee_count + 1,
                                     sizeof *grown);
        if (!grown) {
            t->out_of_memory = true;
            return;
        }
        t->callees = grown;
    }
    t->callees[t->callee_count++] = target;
}

/* The $ra the function at the current depth was entered with. */
static uint32_t own_return(const trace *t)
{
    return t->depth == 0 ? t->entry_regs[MIPS_REG_RA] : t->return_to[t->depth - 1];
}

static void enter_call(trace *t, const mips_machine *m)
{
    if (t->depth == t->return_cap) {
        uint32_t *grown = grow_array(t->return_to, &t->return_cap, t->depth + 1, sizeof *grown);
        if (!grown) {
            t->out_of_memory = true;
            return;
        }
        t->return_to = grown;
    }
    t->return_to[t->depth++] = mips_reg(m, MIPS_REG_RA);
}

/* A j or jr to a required helper's entry with the jumping function's own
 * $ra still in place: the helper returns for it, so it is a call. */
static void note_jump(trace *t, const mips_machine *m, uint32_t target)
{
    for (size_t i = 0; i < t->helper_count; i++)
        if (t->helpers[i] == target && mips_reg(m, MIPS_REG_RA) == own_return(t)) {
            note_callee(t, target);
            if (t->depth == 0)
                t->own_done = true;
        }
}

static void note_fpu(trace *t, uint32_t pc)
{
    const mips_origin *o = mips_program_origin(t->image, pc);
    uint32_t line = o ? o->line : 0;
    for (size_t i = 0; i < t->fpu_count; i++)
        if (t->fpu_lines[i] == line)
            return;
    uint32_t *grown = grow_array(t->fpu_lines, &t->fpu_cap, t->fpu_count + 1, sizeof *grown);
    if (!grown) {
        t->out_of_memory = true;
        return;
    }
    t->fpu_lines = grown;
    t->fpu_lines[t->fpu_count++] = line;
}

enum { READ_NOTE_MAX = 0x10000 }; /* bytes of a read's buffer kept before it runs */

/* Before a syscall: what it will write. A read (14) may fill its buffer,
 * so its bytes are kept and noted after it ran with the count it read. */
static void before_syscall(trace *t, const mips_machine *m, uint32_t service, uint32_t pc)
{
    if (service < 64 && !t->syscall_used[service]) {
        t->syscall_used[service] = true;
        t->syscall_pc[service] = pc;
    }
    if (service == MIPS_SYS_SBRK) {
        t->sbrk_pending = true;
        t->sbrk_size = mips_reg(m, MIPS_REG_A0);
    } else if (service == MIPS_SYS_READ || service == MIPS_SYS_READ_STRING) {
        t->read_buffer = mips_reg(m, MIPS_REG_A1);
        t->read_max = mips_reg(m, MIPS_REG_A2);
        if (t->read_max > READ_NOTE_MAX)
            t->read_max = READ_NOTE_MAX;
        uint8_t *before = grow_array(t->read_before, &t->read_cap, t->read_max, 1);
        if (!before) {
            t->out_of_memory = true;
            t->read_max = 0;
            return;
        }
        t->read_before = before;
        peek_bytes(m, t->read_buffer, t->read_before, t->read_max);
        if (service == MIPS_SYS_READ_STRING) /* no count comes back: all of it */
            note_bytes(t, t->read_buffer, t->read_before, t->read_max);
        else
            t->read_max |= 0x80000000u; /* a read waits for its count */
    }
}

/* After a syscall (at the next step): sbrk's block, a read's bytes. */
static void after_syscall(trace *t, const mips_machine *m)
{
    if (t->sbrk_pending) {
        t->sbrk_pending = false;
        block *grown = grow_array(t->blocks, &t->block_cap, t->block_count + 1, sizeof *grown);
        if (grown) {
            t->blocks = grown;
            t->blocks[t->block_count++] = (block){mips_reg(m, MIPS_REG_V0), t->sbrk_size};
        } else {
            t->out_of_memory = true;
        }
    }
    if (t->read_max & 0x80000000u) {
        uint32_t max = t->read_max & 0x7fffffffu, got = mips_reg(m, MIPS_REG_V0);
        if ((int32_t)got > 0)
            note_bytes(t, t->read_buffer, t->read_before, got < max ? got : max);
        t->read_max = 0;
    }
}

/* The bytes a store instruction is about to write, noted. */
static void note_store_of(trace *t, const mips_machine *m, const mips_roles *r)
{
    /* swl and swr touch at most their aligned word, which is noted;
     * but MARS's swr above 2^31 runs into the next word (mips_exec_slow.c,
     * partial), so both are. */
    uint32_t address = mips_reg(m, r->base) + (uint32_t)r->offset;
    unsigned size = MIPS_ROLE_BYTES(r->roles);
    if (r->roles & MIPS_PARTIAL) {
        size = (int32_t)address < 0 && (address & 3) ? 8 : 4;
        address &= ~3u;
    }
    note_store(t, m, address, size);
}

/* The function's own step (depth 0, no tail call taken): a whole general
 * register stored to, or loaded back from, its stack is saved, or restored
 * (which changes nothing); any other register it writes is written. */
static void own_frame(trace *t, const mips_roles *r)
{
    bool whole_word = whole_word_at_sp(r);
    if (whole_word && (r->roles & MIPS_STORE))
        t->saved |= 1u << r->data;
    bool restore = whole_word && (r->roles & MIPS_LOAD) && (t->saved >> r->writes & 1u);
    if (r->writes && !restore)
        t->written |= 1u << r->writes;
}

/* A step in full: every role the instruction has, and what the last step
 * left due. Not inlined: in before_step its registers' saving would be paid
 * by every step, the plain ones too (15 M of a hw4 grading's 260 M
 * instructions). */
__attribute__((noinline)) static void full_step(trace *t, const mips_machine *m, uint32_t pc,
                                                 uint32_t w)
{
    if (!t->started)
        start(t, m);
    if (t->sbrk_pending || t->read_max) /* after_syscall's work, tested here: every step */
        after_syscall(t, m);
    if (t->entering) {
        t->entering = false;
        enter_call(t, m);
    }
    mips_roles unmemoized;
    const mips_roles *r = roles_of(t, w, &unmemoized);
    if (r->roles & MIPS_SYSCALL)
        before_syscall(t, m, mips_reg(m, MIPS_REG_V0), pc);
    if (r->roles & MIPS_STORE)
        note_store_of(t, m, r);
    if (r->roles & MIPS_COP1)
        note_fpu(t, pc);
    if (t->depth == 0 && !t->own_done)
        own_frame(t, r);
    if (r->roles & MIPS_CALL) {
        uint32_t target = mips_jump_target(pc, w);
        /* jalr rd == rs goes to its own link, as in MARS (issue 22). */
        if (r->roles & MIPS_VIA_REG)
            target = r->writes == r->target && r->target != 0 ? pc + 4 : mips_reg(m, r->target);
        note_callee(t, target);
        t->entering = true;
    } else if (r->roles & MIPS_JUMP) {
        note_jump(t, m, r->roles & MIPS_VIA_REG ? mips_reg(m, r->target) : mips_jump_target(pc, w));
    } else if ((r->roles & MIPS_RETURN) && t->depth > 0) {
        t->depth--;
    }
    t->calm = !t->sbrk_pending && !t->read_max && !t->entering;
}

/* A calm step that is not plain: a store, a restore or a jump is done
 * here as full_step would do it, without its checks of what is due;
 * anything else goes to full_step. Not inlined, as full_step. */
__attribute__((noinline)) static void busy_step(trace *t, const mips_machine *m, uint32_t pc,
                                                 uint32_t w)
{
    if (t->calm && t->memo) {
        unsigned h = memo_hash(w);
        const mips_roles *r = &t->memo->slot[h].roles;
        bool own = t->depth == 0 && !t->own_done;
        switch (t->memo->slot[h].word == w ? t->memo->slot[h].kind : STEP_FULL) {
        case STEP_STORE:
            note_store_of(t, m, r);
            if (own)
                own_frame(t, r);
            return;
        case STEP_SP_LOAD:
            if (own)
                own_frame(t, r);
            return;
        case STEP_JUMP: /* a call only to a required helper */
            if (t->helper_count)
                break;
            if (own)
                own_frame(t, r);
            return;
        default:
            break;
        }
    }
    full_step(t, m, pc, w);
}

/* The trace's hook: most steps are a plain instruction with nothing due,
 * whose whole effect is the register it writes (full_step's own-frame
 * bookkeeping); that is a memo lookup here, a million times a grading. */
static void before_step(void *ctx, const mips_machine *m, uint32_t pc, uint32_t w)
{
    trace *t = ctx;
    if (t->calm && t->memo) {
        unsigned h = memo_hash(w);
        if (t->memo->slot[h].kind == STEP_PLAIN && t->memo->slot[h].word == w) {
            if (t->depth == 0 && !t->own_done)
                t->written |= t->memo->slot[h].write_bit;
            return;
        }
    }
    busy_step(t, m, pc, w);
}

/* "hw4.asm:212" for the code at pc, or the address alone. */
static void where(const mips_program *image, uint32_t pc, char *buf, size_t size)
{
    const mips_origin *o = mips_program_origin(image, pc);
    if (o && o->file < image->file_count) {
        const char *path = image->files[o->file]->path, *slash = strrchr(path, '/');
        snprintf(buf, size, "%s:%" PRIu32, slash ? slash + 1 : path, o->line);
    } else {
        snprintf(buf, size, "0x%08" PRIx32, pc);
    }
}

/* The services that print (a write to a file descriptor counts). */
static bool is_print_service(unsigned s)
{
    return s == MIPS_SYS_PRINT_INT || s == MIPS_SYS_PRINT_FLOAT || s == MIPS_SYS_PRINT_DOUBLE ||
           s == MIPS_SYS_PRINT_STRING || s == MIPS_SYS_PRINT_CHAR || s == MIPS_SYS_WRITE ||
           s == MIPS_SYS_PRINT_HEX || s == MIPS_SYS_PRINT_BINARY || s == MIPS_SYS_PRINT_UNSIGNED;
}

static void check_end(const mips_call_result *r, const mips_program *image,
                      grade_findings *problems)
{
    char at[96];
    where(image, r->status == MIPS_CALL_ERROR ? r->error.pc : r->pc, at, sizeof at);
    switch (r->status) {
    case MIPS_CALL_RETURNED:
        break;
    case MIPS_CALL_ERROR:
        grade_findings_add(problems, 0, 0, "%s at %s (pc 0x%08" PRIx32 ")", r->error.message,
                           at, r->error.pc);
        break;
    case MIPS_CALL_BUDGET:
        if (r->service)
            grade_findings_add(problems, 0, 0, "ran past %" PRIu64 " instructions: syscall "
                               "%" PRIu32 " at %s asks to move more words than were left "
                               "(each costs an instruction)", r->instructions, r->service, at);
        else
            grade_findings_add(problems, 0, 0, "ran past %" PRIu64 " instructions (at %s)",
                               r->instructions, at);
        break;
    case MIPS_CALL_EXITED:
        grade_findings_add(problems, 0, 0, "ended the program (syscall 10 or 17) instead of "
                           "returning");
        break;
    case MIPS_CALL_LEFT_CODE:
        grade_findings_add(problems, 0, 0, "jumped to 0x%08" PRIx32 ", where there is no code",
                           r->pc);
        break;
    case MIPS_CALL_INPUT_ENDED:
        grade_findings_add(problems, 0, 0, "read from the keyboard (there is no input)");
        break;
    case MIPS_CALL_OUTPUT_CAP:
        grade_findings_add(problems, 0, 0, "printed without end");
        break;
    case MIPS_CALL_SYSCALL_REFUSED: {
        bool prints = is_print_service(r->service);
        grade_findings_add(problems, 0, 0, "%s (syscall %" PRIu32 " at %s): the function must "
                           "%s", prints ? "printed output" : "made a syscall", r->service, at,
                           prints ? "print nothing" : "make no syscall");
        break;
    }
    }
}

/* "$s2": mips_register_name gives the name without its '$'. */
static const char *register_name(unsigned r, char buf[8])
{
    snprintf(buf, 8, "$%s", mips_register_name(r & 31));
    return buf;
}

static void check_registers(const trace *t, const mips_machine *m, uint32_t mask,
                            grade_findings *problems)
{
    if (!mask)
        for (size_t i = 0; i < sizeof preserved / sizeof preserved[0]; i++)
            mask |= 1u << preserved[i];
    mask |= 1u << MIPS_REG_SP;
    for (unsigned r = 1; r < 32; r++) {
        if (!(mask >> r & 1u))
            continue;
        uint32_t now = mips_reg(m, r);
        char name[8];
        if (now != t->entry_regs[r])
            grade_findings_add(problems, 0, 0, "%s changed: 0x%08" PRIx32 " -> 0x%08" PRIx32,
                               register_name(r, name), t->entry_regs[r], now);
    }
}

/* How far past a structure a stray write still names it ("past the map's
 * last cell"): the classic off-by-one and off-by-a-word. */
enum { NEAR_END = 8 };

/* Where a stray byte lies, for the TA reading the report. */
static const char *area_of(uint32_t address)
{
    if (address >= 0x90000000u)
        return "in .kdata, outside the structures it was given";
    if (address >= MIPS_SP_INIT - 0x1000000u)
        return "in the caller's stack";
    if (address >= MIPS_HEAP_BASE)
        return "in the heap, outside any block it got from sbrk";
    if (address >= GRADE_DATA_BASE)
        return "outside the structures it was given";
    return "in the $gp area, outside the structures it was given";
}

/* Names the structure byte at address, or the structure it lies just past,
 * or says it belongs to none. */
static void describe(const grade_call_spec *spec, uint32_t address, char *buf, size_t size)
{
    for (int near = 0; near < 2; near++)
        for (size_t i = 0; i < spec->region_count; i++) {
            const grade_region *g = &spec->regions[i];
            uint32_t offset = address - g->address;
            if (offset >= g->size + (near ? NEAR_END : 0u) || (!near && g->size == 0))
                continue;
            if (g->describe)
                g->describe(g->describe_ctx, offset, buf, size);
            else if (offset < g->size)
                snprintf(buf, size, "%s", g->what);
            else
                snprintf(buf, size, "%u byte%s past the end of %s", offset - g->size + 1,
                         offset == g->size ? "" : "s", g->what);
            return;
        }
    snprintf(buf, size, "%s", area_of(address));
}

/* Whether the call may leave address changed: a writable structure, the
 * stack below its entry $sp (its own), a block sbrk gave it. */
static bool may_change(const trace *t, const grade_call_spec *spec, uint32_t address)
{
    for (size_t i = 0; i < spec->region_count; i++)
        if (spec->regions[i].writable && address - spec->regions[i].address < spec->regions[i].size)
            return true;
    uint32_t sp = t->entry_regs[MIPS_REG_SP];
    if (address < sp && sp - address <= GRADE_OWN_STACK)
        return true;
    if (spec->allowed_syscalls & GRADE_SYSCALL(MIPS_SYS_SBRK))
        for (size_t i = 0; i < t->block_count; i++)
            if (address - t->blocks[i].base < t->blocks[i].size)
                return true;
    return false;
}

enum { MAX_STRAY_REPORTS = 4 };

static int by_address(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Every byte the call stored to and left changed, in address order. */
static void check_memory(const trace *t, const mips_machine *m, const grade_call_spec *spec,
                         grade_findings *problems)
{
    const mips_call_stores *w = &t->stores;
    uint32_t *changed = malloc((w->bytes ? w->bytes : 1) * sizeof *changed);
    if (!changed) {
        grade_findings_add(problems, 0, 0, "could not be checked: the grader ran out of "
                           "memory comparing its stores");
        return;
    }
    size_t n = 0;
    for (size_t i = 0; i < w->capacity; i++) {
        if (!w->key[i])
            continue;
        uint32_t word_at = (w->key[i] - 1) << 2, now = 0;
        mips_peek(m, word_at, &now);
        uint32_t differs = now ^ w->before[i];
        for (unsigned k = 0; k < 4; k++)
            if ((w->noted[i] >> k & 1u) && (differs >> 8 * k & 0xffu) &&
                !may_change(t, spec, word_at + k))
                changed[n++] = word_at + k;
    }
    qsort(changed, n, sizeof *changed, by_address);
    for (size_t i = 0; i < n && i < MAX_STRAY_REPORTS; i++) {
        uint32_t address = changed[i];
        char what[96];
        describe(spec, address, what, sizeof what);
        grade_findings_add(problems, 0, 0, "wrote byte 0x%08" PRIx32 " (%s): 0x%02x -> 0x%02x",
                           address, what, mips_call_stores_before(w, address),
                           peek_byte(m, address));
    }
    if (n > MAX_STRAY_REPORTS)
        grade_findings_add(problems, 0, 0, "... and %zu more bytes it may not change",
                           n - MAX_STRAY_REPORTS);
    free(changed);
}

static void check_callees(const trace *t, const mips_call_program *prog,
                          const grade_call_spec *spec, grade_findings *problems)
{
    for (int i = 0; i < 4 && spec->must_call[i]; i++) {
        uint32_t address;
        bool called = false;
        if (mips_call_find(prog, 0, spec->must_call[i], &address))
            for (size_t k = 0; k < t->callee_count; k++)
                called = called || t->callees[k] == address;
        if (!called && !(spec->watch_only >> i & 1u))
            grade_findings_add(problems, 0, 0, "did not call %s", spec->must_call[i]);
    }
}

static void check_syscalls(const trace *t, const mips_program *image,
                           const grade_call_spec *spec, grade_findings *problems)
{
    for (unsigned s = 0; s < 64; s++) {
        uint64_t bit = GRADE_SYSCALL(s);
        if (!t->syscall_used[s] && (spec->required_syscalls & bit)) {
            grade_findings_add(problems, 0, 0, "did not %s the file (syscall %u)",
                               s == MIPS_SYS_OPEN ? "open" : s == MIPS_SYS_READ ? "read" :
                               s == MIPS_SYS_CLOSE ? "close" : "use", s);
            continue;
        }
        if (!t->syscall_used[s] || (spec->allowed_syscalls & bit))
            continue;
        char at[96];
        where(image, t->syscall_pc[s], at, sizeof at);
        bool prints = is_print_service(s);
        grade_findings_add(problems, 0, 0, "%s (syscall %u at %s): the function must %s",
                           prints ? "printed output" : "made a syscall", s, at,
                           prints ? "print nothing" : "make no syscall");
    }
}

void grade_practices(uint32_t saved_mask, uint32_t written_mask, const char *prefix,
                     grade_findings *warnings)
{
    for (unsigned r = 0; r < 32; r++) {
        char name[8];
        bool saved = saved_mask >> r & 1u;
        bool callee_saved = (r >= MIPS_REG_S0 && r < MIPS_REG_S0 + 8) || r == MIPS_REG_FP;
        bool caller_saved =
            (r >= MIPS_REG_V0 && r < MIPS_REG_S0) || r == MIPS_REG_T8 || r == MIPS_REG_T9;
        if (saved && callee_saved && !(written_mask >> r & 1u))
            grade_findings_add(warnings, 0, 0, "%ssaves %s on the stack but never changes it",
                               prefix, register_name(r, name));
        else if (saved && caller_saved)
            grade_findings_add(warnings, 0, 0, "%skeeps %s on the stack (the caller keeps what "
                               "it needs in $s registers)", prefix, register_name(r, name));
    }
}

static bool in_a_region(const grade_call_spec *spec, uint32_t address)
{
    for (size_t i = 0; i < spec->region_count; i++)
        if (address - spec->regions[i].address < spec->regions[i].size)
            return true;
    return false;
}

/* The bytes just past each structure are never 0, so the classic bug of a
 * terminating 0 written one past the end always shows. */
static void guard_ends(mips_call *c, const grade_call_spec *spec)
{
    for (size_t i = 0; i < spec->region_count; i++)
        for (uint32_t k = 0; k < NEAR_END; k++) {
            uint32_t address = spec->regions[i].address + spec->regions[i].size + k;
            uint8_t byte;
            if (!in_a_region(spec, address) && mips_call_read(c, address, &byte, 1) &&
                byte == 0)
                mips_call_write(c, address, &(uint8_t){0xA5}, 1);
        }
}

/* Noise in every register the call does not receive. */
static void fill_registers(mips_machine *m, size_t arg_count, grade_rng *rng)
{
    for (unsigned r = 1; r < 32; r++)
        if (!(r >= MIPS_REG_A0 && r < MIPS_REG_A0 + arg_count && r < MIPS_REG_T0) &&
            r != MIPS_REG_SP && r != MIPS_REG_RA)
            mips_set_reg(m, r, grade_rng_next(rng));
    uint32_t hi = grade_rng_next(rng), lo = grade_rng_next(rng);
    mips_set_hi_lo(m, hi, lo);
    for (unsigned f = 0; f < 32; f++)
        mips_set_fpr(m, f, grade_rng_next(rng));
}

void grade_call_run(mips_call *c, const mips_call_program *prog, const grade_call_spec *spec,
                    grade_rng *rng, grade_outcome *out)
{
    memset(out, 0, sizeof *out);
    uint32_t function;
    if (!mips_call_find(prog, 0, spec->function, &function)) {
        grade_findings_add(&out->problems, 0, 0, "has no function %s", spec->function);
        out->result.status = MIPS_CALL_LEFT_CODE;
        return;
    }
    mips_machine *m = mips_call_machine(c);
    guard_ends(c, spec);
    fill_registers(m, spec->arg_count, rng);
    trace *t = calloc(1, sizeof *t);
    if (!t)
        abort();
    t->image = mips_call_image(prog);
    t->memo = mips_call_program_scratch(prog, sizeof *t->memo);
    uint32_t helpers[4];
    for (int i = 0; i < 4 && spec->must_call[i]; i++)
        if (mips_call_find(prog, 0, spec->must_call[i], &helpers[t->helper_count]))
            t->helper_slot[t->helper_count++] = i;
    t->helpers = helpers;
    mips_call_trace(c, before_step, t);
    mips_call_allow_syscalls(c, spec->allowed_syscalls);
    out->result = mips_call_run(c, function, spec->args, spec->arg_count);
    mips_call_trace(c, NULL, NULL);
    after_syscall(t, m);
    check_end(&out->result, t->image, &out->problems);
    if (t->out_of_memory || t->stores.lost)
        grade_findings_add(&out->problems, 0, 0, "could not be checked: the grader ran out "
                           "of memory tracing its calls");
    if (t->started && out->result.status == MIPS_CALL_RETURNED) {
        check_registers(t, m, spec->preserved, &out->problems);
        check_memory(t, m, spec, &out->problems);
        check_callees(t, prog, spec, &out->problems);
        check_syscalls(t, t->image, spec, &out->problems);
        out->saved = t->saved;
        out->written = t->written;
    }
    for (size_t i = 0; i < t->helper_count; i++)
        out->calls[t->helper_slot[i]] = t->helper_calls[i];
    for (unsigned s = 0; s < 64; s++)
        out->syscalls |= t->syscall_used[s] ? GRADE_SYSCALL(s) : 0;
    for (size_t i = 0; i < t->fpu_count; i++)
        grade_findings_add(&out->hiding, (int)t->fpu_lines[i], 0, "keeps values in $f "
                           "registers (the handout calls it cheating: \"We will comment out "
                           "any such code we find\")");
    mips_call_stores_free(&t->stores);
    free(t->return_to);
    free(t->callees);
    free(t->blocks);
    free(t->read_before);
    free(t->fpu_lines);
    free(t);
}

void grade_outcome_free(grade_outcome *out)
{
    grade_findings_free(&out->problems);
    grade_findings_free(&out->hiding);
}
