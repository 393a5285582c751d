#ifndef CFONTCONFIG_H
#define CFONTCONFIG_H
#include <fontconfig/fontconfig.h>
#include <stdint.h>

/// fontconfig is not linked: its functions are loaded from "libfontconfig.so.1" at the first call
/// of `tf_fontconfig_load` (once per process, thread-safe), so commands that never look up a font
/// by pattern (`typefit measure` with a font file) do not pay the dynamic loader for fontconfig
/// and libexpat at start. Call the functions through the table, never directly: a direct call
/// fails at link time (`undefined reference to FcNameParse`), which keeps the two from mixing.
/// Each field has the type of the header's own declaration of the function it is named after.
#define TF_FONTCONFIG_FUNCTIONS(X) \
    X(FcInitLoadConfigAndFonts) X(FcConfigCreate) X(FcConfigParseAndLoadFromMemory) \
    X(FcConfigAppFontAddDir) X(FcConfigDestroy) X(FcConfigSubstitute) X(FcDefaultSubstitute) \
    X(FcNameParse) X(FcPatternCreate) X(FcPatternDestroy) X(FcPatternAddCharSet) \
    X(FcPatternGetString) X(FcPatternGetInteger) X(FcPatternGetCharSet) \
    X(FcCharSetCreate) X(FcCharSetDestroy) X(FcCharSetAddChar) X(FcCharSetHasChar) \
    X(FcFontMatch) X(FcFontSort) X(FcFontSetDestroy) X(FcFontRenderPrepare) \
    X(FcWeightFromOpenTypeDouble)

typedef struct tf_fontconfig {
#define TF_FONTCONFIG_FIELD(name) __typeof__(name) *_Nonnull name;
    TF_FONTCONFIG_FUNCTIONS(TF_FONTCONFIG_FIELD)
#undef TF_FONTCONFIG_FIELD
} tf_fontconfig;

/// The table, loaded on the first call; NULL when libfontconfig.so.1 could not be loaded or lacks
/// a function (then `tf_fontconfig_problem` says why).
const tf_fontconfig *_Nullable tf_fontconfig_load(void);

/// NULL when fontconfig loaded; otherwise one line naming the library, the loader's reason and
/// the package to install, e.g. "fontconfig (libfontconfig.so.1) could not be loaded: …; install
/// the libfontconfig1 package". Loads it on the first call. The string lives as long as the process.
const char *_Nullable tf_fontconfig_problem(void);

/// Loads the table from `library` (a file name or path for dlopen) the way the first call loads
/// it from the real one, without using the result: 1 when every function was found, else 0 with
/// the one-line problem in `problem` (up to `cap` bytes). For tests of the failure.
int32_t tf_fontconfig_try_library(const char *_Nonnull library, char *_Nullable problem, int32_t cap);

#endif
