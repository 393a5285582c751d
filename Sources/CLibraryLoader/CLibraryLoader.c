#include "CLibraryLoader.h"
#include <dlfcn.h>
#include <stdio.h>

int tf_load_library(const char *what, const char *library, const char *package, const char *const *names,
                    void **slots, size_t count, char *problem, size_t cap) {
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *why = dlerror();
        snprintf(problem, cap, "%s (%s) could not be loaded: %s; install the %s package", what, library,
                 why ? why : "unknown error", package);
        return 0;
    }
    for (size_t i = 0; i < count; i++) {
        slots[i] = dlsym(handle, names[i]);
        if (slots[i] == NULL) {
            snprintf(problem, cap, "%s (%s) could not be loaded: it has no function %s; install the %s package",
                     what, library, names[i], package);
            dlclose(handle);
            return 0;
        }
    }
    return 1;
}
