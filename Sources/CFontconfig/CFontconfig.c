#include "CFontconfig.h"
#include "CLibraryLoader.h"
#include <pthread.h>

#define TF_FONTCONFIG_LIBRARY "libfontconfig.so.1"
#define TF_FONTCONFIG_PACKAGE "libfontconfig1"

static tf_fontconfig table;
static int loaded;
static char problem_line[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* Fills `t` from `library` (Sources/CLibraryLoader); 1 on success, else 0 with the one-line problem. */
static int load(const char *library, tf_fontconfig *t, char *problem, size_t cap) {
#define TF_FONTCONFIG_NAME(name) #name,
    static const char *const names[] = {TF_FONTCONFIG_FUNCTIONS(TF_FONTCONFIG_NAME)};
#undef TF_FONTCONFIG_NAME
    enum { count = sizeof names / sizeof names[0] };
    void *slots[count];
    if (!tf_load_library("fontconfig", library, TF_FONTCONFIG_PACKAGE, names, slots, count, problem, cap)) return 0;
    size_t i = 0;
#define TF_FONTCONFIG_SET(name) *(void **)&t->name = slots[i++];
    TF_FONTCONFIG_FUNCTIONS(TF_FONTCONFIG_SET)
#undef TF_FONTCONFIG_SET
    return 1;
}

static void load_once(void) { loaded = load(TF_FONTCONFIG_LIBRARY, &table, problem_line, sizeof problem_line); }

const tf_fontconfig *tf_fontconfig_load(void) {
    pthread_once(&once, load_once);
    return loaded ? &table : NULL;
}

const char *tf_fontconfig_problem(void) {
    pthread_once(&once, load_once);
    return loaded ? NULL : problem_line;
}

int32_t tf_fontconfig_try_library(const char *library, char *problem, int32_t cap) {
    tf_fontconfig scratch;
    return load(library, &scratch, problem, cap > 0 ? (size_t)cap : 0);
}
