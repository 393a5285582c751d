// libFuzzer's driver entry point (compiler-rt, linked by -sanitize=fuzzer). SwiftPM links
// executables with --defsym main=<module>_main, so libFuzzer's own main() is never used:
// Sources/typefit-fuzz/main.swift calls this instead. Only built with FUZZ=1 (see Package.swift).
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
