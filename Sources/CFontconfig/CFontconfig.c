#include "CFontconfig.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#define TF_FONTCONFIG_LIBRARY "libfontconfig.so.1"
#define TF_FONTCONFIG_PACKAGE "libfontconfig1"

static tf_fontconfig table;
static int loaded;
static char problem_line[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* Fills `t` from `library`; 1 on success, else 0 with the one-line problem in `problem`. */
static int load(const char *library, tf_fontconfig *t, char *problem, size_t cap) {
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *why = dlerror();
        snprintf(problem, cap, "fontconfig (%s) could not be loaded: %s; install the %s package", library,
                 why ? why : "unknown error", TF_FONTCONFIG_PACKAGE);
        return 0;
    }
#define TF_FONTCONFIG_RESOLVE(name) \
    if ((*(void **)&t->name = dlsym(handle, #name)) == NULL) { \
        snprintf(problem, cap, "fontconfig (%s) could not be loaded: it has no function %s; install the %s package", \
                 library, #name, TF_FONTCONFIG_PACKAGE); \
        dlclose(handle); \
        return 0; \
    }
    TF_FONTCONFIG_FUNCTIONS(TF_FONTCONFIG_RESOLVE)
#undef TF_FONTCONFIG_RESOLVE
    return 1; /* the handle stays open for the life of the process */
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
    char line[512];
    int ok = load(library, &scratch, line, sizeof line);
    if (!ok && problem != NULL && cap > 0) snprintf(problem, (size_t)cap, "%s", line);
    return ok;
}
