#include "CLineBreak.h"
#include <stdio.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uversion.h>

int32_t clb_line_breaks(const uint16_t *text, int32_t len, const char *locale,
                        int32_t *out, uint8_t *hard, int32_t cap) {
    if (len <= 0) return 0;
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *bi = ubrk_open(UBRK_LINE, locale ? locale : "", (const UChar *)text, len, &status);
    if (U_FAILURE(status) || bi == NULL) return -1;
    int32_t n = 0;
    ubrk_first(bi);
    for (int32_t pos = ubrk_next(bi); pos != UBRK_DONE; pos = ubrk_next(bi)) {
        if (n < cap) {
            out[n] = pos;
            hard[n] = (ubrk_getRuleStatus(bi) >= UBRK_LINE_HARD) ? 1 : 0;
        }
        n++;
    }
    ubrk_close(bi);
    return n;
}

void clb_unicode_version(char *buf, int32_t cap) {
    UVersionInfo v;
    u_getUnicodeVersion(v);
    snprintf(buf, (size_t)cap, "%d.%d", v[0], v[1]);
}
