#ifndef CLIBRARYLOADER_H
#define CLIBRARYLOADER_H
#include <stddef.h>

/// Loads a C library at first use instead of linking it (Sources/CLineBreak for ICU,
/// Sources/CFontconfig for fontconfig): dlopen `library`, then dlsym each of `names[0..<count]`
/// into `slots[i]`. Returns 1 when every function was found (the library then stays loaded for the
/// life of the process); else 0, with nothing kept loaded and one line in `problem` (up to `cap`
/// bytes) naming `what` ("ICU"), the library, the dynamic loader's reason or the first missing
/// function, and the `package` to install:
/// "ICU (libicuuc.so.72) could not be loaded: <dlerror>; install the libicu72 package".
int tf_load_library(const char *_Nonnull what, const char *_Nonnull library, const char *_Nonnull package,
                    const char *_Nonnull const *_Nonnull names, void *_Nullable *_Nonnull slots, size_t count,
                    char *_Nonnull problem, size_t cap);

#endif
