#include "CLineBreak.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uversion.h>

/* Opening a line break iterator costs far more than breaking a short text with it (ICU loads and
   clones the locale's rules: about 55,000 instructions per ubrk_open against a few hundred per
   label text), so each thread keeps its iterators by locale and gives them each new text with
   ubrk_setText, which resets them. Closed when the thread ends. */
#define CLB_CACHED 8
typedef struct {
    char locale[64];
    UBreakIterator *iterator;
} clb_entry;
typedef struct {
    clb_entry entries[CLB_CACHED];
    int32_t count;
    int32_t next;
} clb_cache;

static pthread_key_t clb_key;
static pthread_once_t clb_once = PTHREAD_ONCE_INIT;

static void clb_free(void *p) {
    clb_cache *cache = p;
    for (int32_t i = 0; i < cache->count; i++) ubrk_close(cache->entries[i].iterator);
    free(cache);
}

static void clb_make_key(void) { pthread_key_create(&clb_key, clb_free); }

/* The calling thread's iterator for `locale` set to `text`, NULL when ICU cannot open one;
   `*kept` = 0 when it is not kept (the caller closes it). */
static UBreakIterator *clb_iterator(const char *locale, const UChar *text, int32_t len, int *kept) {
    UErrorCode status = U_ZERO_ERROR;
    *kept = 0;
    size_t n = strlen(locale);
    pthread_once(&clb_once, clb_make_key);
    clb_cache *cache = pthread_getspecific(clb_key);
    if (cache == NULL && n < 64) {
        cache = calloc(1, sizeof(clb_cache));
        if (cache != NULL && pthread_setspecific(clb_key, cache) != 0) {
            free(cache);
            cache = NULL;
        }
    }
    if (cache != NULL && n < 64) {
        for (int32_t i = 0; i < cache->count; i++) {
            if (strcmp(cache->entries[i].locale, locale) == 0) {
                ubrk_setText(cache->entries[i].iterator, text, len, &status);
                if (U_FAILURE(status)) return NULL;
                *kept = 1;
                return cache->entries[i].iterator;
            }
        }
    }
    UBreakIterator *bi = ubrk_open(UBRK_LINE, locale, text, len, &status);
    if (U_FAILURE(status) || bi == NULL) return NULL;
    if (cache == NULL || n >= 64) return bi;
    int32_t slot;
    if (cache->count < CLB_CACHED) {
        slot = cache->count++;
    } else {
        /* Full: the oldest entry makes room. */
        slot = cache->next;
        cache->next = (cache->next + 1) % CLB_CACHED;
        ubrk_close(cache->entries[slot].iterator);
    }
    memcpy(cache->entries[slot].locale, locale, n + 1);
    cache->entries[slot].iterator = bi;
    *kept = 1;
    return bi;
}

int32_t clb_line_breaks(const uint16_t *text, int32_t len, const char *locale,
                        int32_t *out, uint8_t *hard, int32_t cap) {
    if (len <= 0) return 0;
    const char *name = locale ? locale : "";
    int kept;
    UBreakIterator *bi = clb_iterator(name, (const UChar *)text, len, &kept);
    if (bi == NULL) return -1;
    int32_t n = 0;
    ubrk_first(bi);
    for (int32_t pos = ubrk_next(bi); pos != UBRK_DONE; pos = ubrk_next(bi)) {
        if (n < cap) {
            out[n] = pos;
            hard[n] = (ubrk_getRuleStatus(bi) >= UBRK_LINE_HARD) ? 1 : 0;
        }
        n++;
    }
    if (!kept) ubrk_close(bi);
    return n;
}

void clb_unicode_version(char *buf, int32_t cap) {
    UVersionInfo v;
    u_getUnicodeVersion(v);
    snprintf(buf, (size_t)cap, "%d.%d", v[0], v[1]);
}
