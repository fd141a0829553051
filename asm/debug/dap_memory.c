/* The DAP server's memory views (dap_impl.h): readMemory and writeMemory
 * (base64), disassemble. */
#define _XOPEN_SOURCE 700
#include "dap_impl.h"

#include <stdlib.h>
#include <string.h>

enum { DAP_MAX_MEMORY = 1 << 20, DAP_MAX_INSTRUCTIONS = 10000 };

/* ------------------------------------------------------------------------
 * Memory: bytes of MIPS's byte addresses; on the LC-3, each word's two
 * bytes, high first, from the word addressed on. */

static bool read_byte(dap_server *srv, uint32_t base, uint64_t index, uint8_t *out)
{
    dbg_target *t = srv->t;
    uint32_t v;
    if (t->byte_addressed) {
        if (!t->read(t->ctx, base + (uint32_t)index, 1, &v))
            return false;
        *out = (uint8_t)v;
        return true;
    }
    uint32_t addr = (base + (uint32_t)(index / 2)) & 0xffff;
    if (!t->read(t->ctx, addr, 2, &v))
        return false;
    *out = (uint8_t)(index % 2 == 0 ? v >> 8 : v);
    return true;
}

static bool write_byte(dap_server *srv, uint32_t base, uint64_t index, uint8_t byte)
{
    dbg_target *t = srv->t;
    if (t->byte_addressed)
        return t->write(t->ctx, base + (uint32_t)index, 1, byte);
    uint32_t addr = (base + (uint32_t)(index / 2)) & 0xffff, v;
    if (!t->read(t->ctx, addr, 2, &v))
        return false;
    v = index % 2 == 0 ? (v & 0x00ffu) | (uint32_t)byte << 8 : (v & 0xff00u) | byte;
    return t->write(t->ctx, addr, 2, v);
}

void dap_read_memory(dap_server *srv, const json_value *req)
{
    uint32_t base;
    if (!dap_need_program(srv, req) || !dap_reference(srv, req, "memoryReference", &base))
        return;
    int64_t offset = dap_int_arg(req, "offset", 0), count = dap_int_arg(req, "count", 0);
    if (count < 0 || count > DAP_MAX_MEMORY) {
        dap_error(srv, req, "count must be from 0 to 1048576 bytes.");
        return;
    }
    if (!srv->t->byte_addressed) { /* an offset of words' bytes */
        base = (base + (uint32_t)(offset / 2)) & 0xffff;
        offset %= 2;
    } else {
        base += (uint32_t)offset;
        offset = 0;
    }
    uint8_t *bytes = calloc((size_t)count + 1, 1); /* calloc: gcc -O2 sees no read before a write */
    char *text = malloc(4 * (((size_t)count + 2) / 3) + 1);
    if (!bytes || !text) {
        free(bytes);
        free(text);
        dap_error(srv, req, "Out of memory.");
        return;
    }
    size_t got = 0;
    while (got < (size_t)count && read_byte(srv, base, (uint64_t)offset + got, &bytes[got]))
        got++;
    dap_base64_encode(bytes, got, text);
    char addr[32];
    dap_addr_text(srv, base, addr, sizeof addr);
    dap_begin_response(srv, req, true, NULL);
    json_key(&srv->w, "body");
    json_begin_object(&srv->w);
    json_key_string(&srv->w, "address", addr);
    json_key_string(&srv->w, "data", text);
    if (got < (size_t)count)
        json_key_int(&srv->w, "unreadableBytes", count - (int64_t)got);
    json_end_object(&srv->w);
    dap_send(srv);
    free(bytes);
    free(text);
}

void dap_write_memory(dap_server *srv, const json_value *req)
{
    uint32_t base;
    if (!dap_need_program(srv, req) || !dap_reference(srv, req, "memoryReference", &base))
        return;
    const char *data = json_get_string(json_get_object(req, "arguments"), "data");
    int64_t offset = dap_int_arg(req, "offset", 0);
    size_t room = data ? strlen(data) / 4 * 3 + 3 : 0;
    uint8_t *bytes = malloc(room + 1);
    long n = data && bytes ? dap_base64_decode(data, bytes, room) : -1;
    if (n < 0) {
        free(bytes);
        dap_error(srv, req, "data must be base64.");
        return;
    }
    if (!srv->t->byte_addressed) {
        base = (base + (uint32_t)(offset / 2)) & 0xffff;
        offset %= 2;
    } else {
        base += (uint32_t)offset;
        offset = 0;
    }
    long done = 0;
    while (done < n && write_byte(srv, base, (uint64_t)offset + (uint64_t)done, bytes[done]))
        done++;
    free(bytes);
    if (done > 0)
        dap_state_written(srv);
    if (done < n && done == 0) {
        dap_error(srv, req, "Cannot write memory there.");
        return;
    }
    dap_begin_response(srv, req, true, NULL);
    json_key(&srv->w, "body");
    json_begin_object(&srv->w);
    json_key_int(&srv->w, "bytesWritten", done);
    json_end_object(&srv->w);
    dap_send(srv);
}

/* ------------------------------------------------------------------------
 * Disassembly */

void dap_disassemble(dap_server *srv, const json_value *req)
{
    uint32_t base;
    if (!dap_need_program(srv, req) || !dap_reference(srv, req, "memoryReference", &base))
        return;
    dbg_target *t = srv->t;
    int64_t offset = dap_int_arg(req, "offset", 0), first = dap_int_arg(req, "instructionOffset", 0);
    int64_t count = dap_int_arg(req, "instructionCount", 0);
    if (count < 0 || count > DAP_MAX_INSTRUCTIONS) {
        dap_error(srv, req, "instructionCount must be from 0 to 10000.");
        return;
    }
    uint32_t unit = t->byte_addressed ? t->word_bytes : 1;
    uint32_t mask = t->byte_addressed ? 0xffffffffu : 0xffffu;
    base += (uint32_t)(t->byte_addressed ? offset : offset / 2);
    uint32_t start = base + (uint32_t)first * unit;
    dap_begin_response(srv, req, true, NULL);
    json_key(&srv->w, "body");
    json_begin_object(&srv->w);
    json_key(&srv->w, "instructions");
    json_begin_array(&srv->w);
    for (int64_t i = 0; i < count; i++) {
        uint32_t addr = (start + (uint32_t)i * unit) & mask, word;
        char addr_text[32], text[128], bytes[16];
        dap_addr_text(srv, addr, addr_text, sizeof addr_text);
        json_begin_object(&srv->w);
        json_key_string(&srv->w, "address", addr_text);
        if (!t->read(t->ctx, addr, t->word_bytes, &word)) {
            json_key_string(&srv->w, "instruction", "(no memory)");
            json_key_string(&srv->w, "presentationHint", "invalid");
            json_end_object(&srv->w);
            continue;
        }
        snprintf(bytes, sizeof bytes, "%0*x", (int)t->word_bytes * 2, word);
        json_key_string(&srv->w, "instructionBytes", bytes);
        t->disasm(t->ctx, addr, text, sizeof text);
        json_key_string(&srv->w, "instruction", text);
        uint32_t at;
        const char *label = t->symbol_at(t->ctx, addr, &at);
        if (label && at == 0)
            json_key_string(&srv->w, "symbol", label);
        dbg_source src;
        if (t->source_of(t->ctx, addr, &src)) {
            json_key(&srv->w, "location");
            dap_write_source(srv, src.file);
            json_key_int(&srv->w, "line", src.line);
        }
        json_end_object(&srv->w);
    }
    json_end_array(&srv->w);
    json_end_object(&srv->w);
    dap_send(srv);
}

/* ------------------------------------------------------------------------
 * base64 (RFC 4648, with padding) */

static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

void dap_base64_encode(const uint8_t *bytes, size_t len, char *out)
{
    size_t o = 0;
    for (size_t i = 0; i < len; i += 3) {
        uint32_t v = (uint32_t)bytes[i] << 16;
        if (i + 1 < len)
            v |= (uint32_t)bytes[i + 1] << 8;
        if (i + 2 < len)
            v |= bytes[i + 2];
        out[o++] = alphabet[v >> 18 & 63];
        out[o++] = alphabet[v >> 12 & 63];
        out[o++] = i + 1 < len ? alphabet[v >> 6 & 63] : '=';
        out[o++] = i + 2 < len ? alphabet[v & 63] : '=';
    }
    out[o] = '\0';
}

long dap_base64_decode(const char *text, uint8_t *out, size_t size)
{
    uint32_t v = 0;
    int bits = 0;
    size_t n = 0;
    bool padded = false;
    for (const char *p = text; *p; p++) {
        if (*p == '=') {
            padded = true;
            continue;
        }
        const char *at = strchr(alphabet, *p);
        if (!at || padded)
            return -1;
        v = v << 6 | (uint32_t)(at - alphabet);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            if (n == size)
                return -1;
            out[n++] = (uint8_t)(v >> bits);
        }
    }
    return (long)n;
}
