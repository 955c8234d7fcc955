/*
 * dhcpopt: walks the options area of a DHCP-like message and looks up
 * single options.  Library code; the caller hands in the raw bytes.
 * Format: repeated {code:1, len:1, data:len}; code 0 is padding, 255 ends.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define OPT_PAD 0
#define OPT_END 255

typedef int (*opt_visit_fn)(uint8_t code, const uint8_t *data, uint8_t len, void *ctx);

/* Calls visit for every option; stops early when visit returns nonzero. */
int opt_walk(const uint8_t *buf, size_t len, opt_visit_fn visit, void *ctx)
{
    size_t off = 0;

    while (off < len) {
        uint8_t code = buf[off];
        if (code == OPT_PAD) {
            off++;
            continue;
        }
        if (code == OPT_END)
            return 0;
        uint8_t olen = buf[off + 1]; /* FLAW: CWE-125 */
        if (olen > len - off - 2)
            return -1;
        int rc = visit(code, buf + off + 2, olen, ctx);
        if (rc != 0)
            return rc;
        off += 2u + olen;
    }
    return 0;
}

struct find_ctx {
    uint8_t want;
    uint8_t *out;
    size_t outsz;
    size_t found;
};

static int find_one(uint8_t code, const uint8_t *data, uint8_t len, void *p)
{
    struct find_ctx *fc = p;

    if (code != fc->want)
        return 0;
    if (len > fc->outsz)
        return -1;
    memcpy(fc->out, data, len);
    fc->found = len;
    return 1;
}

/* Copies option `code` into out; returns its length, 0 if absent, -1 on error. */
long opt_get(const uint8_t *buf, size_t len, uint8_t code, uint8_t *out, size_t outsz)
{
    struct find_ctx fc = { code, out, outsz, 0 };
    int rc = opt_walk(buf, len, find_one, &fc);

    if (rc < 0)
        return -1;
    return (long)fc.found;
}
