#include "CLineBreak.h"
#include "CLibraryLoader.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uversion.h>

/* ICU is loaded at the first call that needs it (dlopen), not by the dynamic loader at start:
   commands that never break lines (`typefit measure` with a font file) do not pay for mapping
   libicuuc and its 30 MB libicudata. The library is the major version of the headers compiled
   against (ICU's C API is stable within a major version, and its exported names carry the
   version: ICU's headers #define ubrk_open to ubrk_open_72), so the names dlsym looks up are the
   headers' renamed ones, stringified after macro expansion. */
#define CLB_STRING(x) #x
#define CLB_EXPANDED(x) CLB_STRING(x)
#define CLB_ICU_LIBRARY "libicuuc.so." CLB_EXPANDED(U_ICU_VERSION_MAJOR_NUM)
#define CLB_ICU_PACKAGE "libicu" CLB_EXPANDED(U_ICU_VERSION_MAJOR_NUM)

/* The 7 functions: (field, ICU's name). */
#define CLB_ICU_FUNCTIONS(X) \
    X(open, ubrk_open) X(close, ubrk_close) X(set_text, ubrk_setText) X(first, ubrk_first) \
    X(next, ubrk_next) X(rule_status, ubrk_getRuleStatus) X(unicode_version, u_getUnicodeVersion)

typedef struct {
#define CLB_ICU_FIELD(field, name) __typeof__(name) *field;
    CLB_ICU_FUNCTIONS(CLB_ICU_FIELD)
#undef CLB_ICU_FIELD
} clb_icu_functions;

static clb_icu_functions icu;
static int icu_loaded;
static char icu_problem[512];
static pthread_once_t icu_once = PTHREAD_ONCE_INIT;

/* Fills `f` from `library` (Sources/CLibraryLoader); 1 on success, else 0 with the one-line problem. */
static int clb_icu_load(const char *library, clb_icu_functions *f, char *problem, size_t cap) {
#define CLB_ICU_NAME(field, name) CLB_EXPANDED(name),
    static const char *const names[] = {CLB_ICU_FUNCTIONS(CLB_ICU_NAME)};
#undef CLB_ICU_NAME
    enum { count = sizeof names / sizeof names[0] };
    void *slots[count];
    if (!tf_load_library("ICU", library, CLB_ICU_PACKAGE, names, slots, count, problem, cap)) return 0;
    size_t i = 0;
#define CLB_ICU_SET(field, name) *(void **)&f->field = slots[i++];
    CLB_ICU_FUNCTIONS(CLB_ICU_SET)
#undef CLB_ICU_SET
    return 1;
}

static void clb_icu_load_once(void) {
    icu_loaded = clb_icu_load(CLB_ICU_LIBRARY, &icu, icu_problem, sizeof icu_problem);
}

const char *clb_icu_problem(void) {
    pthread_once(&icu_once, clb_icu_load_once);
    return icu_loaded ? NULL : icu_problem;
}

int32_t clb_icu_try_library(const char *library, char *problem, int32_t cap) {
    clb_icu_functions scratch;
    return clb_icu_load(library, &scratch, problem, cap > 0 ? (size_t)cap : 0);
}

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
    for (int32_t i = 0; i < cache->count; i++) icu.close(cache->entries[i].iterator);
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
                icu.set_text(cache->entries[i].iterator, text, len, &status);
                if (U_FAILURE(status)) return NULL;
                *kept = 1;
                return cache->entries[i].iterator;
            }
        }
    }
    UBreakIterator *bi = icu.open(UBRK_LINE, locale, text, len, &status);
    if (U_FAILURE(status) || bi == NULL) return NULL;
    if (cache == NULL || n >= 64) return bi;
    int32_t slot;
    if (cache->count < CLB_CACHED) {
        slot = cache->count++;
    } else {
        /* Full: the oldest entry makes room. */
        slot = cache->next;
        cache->next = (cache->next + 1) % CLB_CACHED;
        icu.close(cache->entries[slot].iterator);
    }
    memcpy(cache->entries[slot].locale, locale, n + 1);
    cache->entries[slot].iterator = bi;
    *kept = 1;
    return bi;
}

int32_t clb_line_breaks(const uint16_t *text, int32_t len, const char *locale,
                        int32_t *out, uint8_t *hard, int32_t cap) {
    if (clb_icu_problem() != NULL) return -2;
    if (len <= 0) return 0;
    const char *name = locale ? locale : "";
    int kept;
    UBreakIterator *bi = clb_iterator(name, (const UChar *)text, len, &kept);
    if (bi == NULL) return -1;
    int32_t n = 0;
    icu.first(bi);
    for (int32_t pos = icu.next(bi); pos != UBRK_DONE; pos = icu.next(bi)) {
        if (n < cap) {
            out[n] = pos;
            hard[n] = (icu.rule_status(bi) >= UBRK_LINE_HARD) ? 1 : 0;
        }
        n++;
    }
    if (!kept) icu.close(bi);
    return n;
}

void clb_unicode_version(char *buf, int32_t cap) {
    if (cap <= 0) return;
    buf[0] = 0;
    if (clb_icu_problem() != NULL) return;
    UVersionInfo v;
    icu.unicode_version(v);
    snprintf(buf, (size_t)cap, "%d.%d", v[0], v[1]);
}
