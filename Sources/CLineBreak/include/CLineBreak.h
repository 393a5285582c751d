#ifndef CLINEBREAK_H
#define CLINEBREAK_H
#include <stdint.h>

/// Unicode line break opportunities (UAX #14, ICU's line break iterator, with ICU's
/// dictionaries for Thai and other scripts without spaces).
///
/// `text` is UTF-16 of length `len`. `locale` may be NULL ("" = root).
/// Writes up to `cap` break offsets (UTF-16 offsets at which a new line may start, in
/// increasing order; the final offset `len` is included) to `out`, and for each a flag
/// to `hard` (1 = mandatory break after a hard line break character, 0 = opportunity).
/// Returns the number of offsets found (which may exceed `cap`: call again with a larger
/// buffer), -1 when ICU could not open a break iterator, or -2 when the ICU library could not be
/// loaded (see `clb_icu_problem`). Thread-safe: each thread keeps its
/// own iterators, one per locale (up to 8), reused for every text.
/// No ICU type appears in this header on purpose: Foundation bundles its own ICU module and
/// its types clash with the system ICU's at compile time if Swift sees both.
int32_t clb_line_breaks(const uint16_t *text, int32_t len, const char *locale,
                        int32_t *out, uint8_t *hard, int32_t cap);

/// ICU's Unicode version as "major.minor" in `buf` (at least 16 bytes); "" when the ICU library
/// could not be loaded.
void clb_unicode_version(char *buf, int32_t cap);

/// ICU is not linked: the library of the headers' major version ("libicuuc.so.72") is loaded at
/// the first call of any function here, once per process. NULL when it loaded; otherwise one line
/// naming the library, the loader's reason and the package to install, e.g. "ICU (libicuuc.so.72)
/// could not be loaded: libicuuc.so.72: cannot open shared object file: No such file or directory;
/// install the libicu72 package". Thread-safe; the string lives as long as the process.
const char *clb_icu_problem(void);

/// Loads ICU's functions from `library` (a file name or path for dlopen) the way the first call
/// loads them from the real one, without using the result: 1 when every function was found,
/// else 0 with the one-line problem in `problem` (up to `cap` bytes). For tests of the failure.
int32_t clb_icu_try_library(const char *library, char *problem, int32_t cap);

#endif
