// typefit-hb-loop: the benchmark's C loop as a whole process (typefit bench's whole-process table).
// Usage: typefit-hb-loop FONT FACE_INDEX LINES
// Reads LINES (UTF-8, one line per "\n"; a final "\n" adds no empty line, as `typefit measure`
// and scripts/bench_uharfbuzz.py read it), shapes each line once with csb_shape_lines (the same
// loop the bench times in its own process: one reused hb_buffer_t, guessed segment properties,
// default features, font units) and prints the sum of the advances. Exit 2 with one line on error.
#include "CShapeBaseline.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: typefit-hb-loop FONT FACE_INDEX LINES\n");
        return 2;
    }
    FILE *file = fopen(argv[3], "rb");
    if (!file) {
        fprintf(stderr, "%s: cannot open the lines file\n", argv[3]);
        return 2;
    }
    size_t capacity = 1 << 20, size = 0, n;
    char *text = malloc(capacity);
    while (text && (n = fread(text + size, 1, capacity - size, file)) > 0) {
        size += n;
        if (size == capacity) text = realloc(text, capacity *= 2);
    }
    fclose(file);
    if (!text) {
        fprintf(stderr, "%s: out of memory\n", argv[3]);
        return 2;
    }
    int32_t count = 0;
    for (size_t i = 0; i < size; i++) count += text[i] == '\n';
    if (size > 0 && text[size - 1] != '\n') count++;
    int32_t *offsets = malloc(sizeof *offsets * ((size_t)count + 1));
    if (!offsets) {
        fprintf(stderr, "%s: out of memory\n", argv[3]);
        return 2;
    }
    // Line i is text[offsets[i] ..< offsets[i + 1]]: the "\n" is dropped by packing the lines.
    int32_t line = 0;
    size_t start = 0, out = 0;
    offsets[0] = 0;
    for (size_t i = 0; i <= size && line < count; i++) {
        if (i == size || text[i] == '\n') {
            memmove(text + out, text + start, i - start);
            out += i - start;
            offsets[++line] = (int32_t)out;
            start = i + 1;
        }
    }
    csb_font *font = csb_open(argv[1], (unsigned int)strtoul(argv[2], NULL, 10));
    if (!font) {
        fprintf(stderr, "%s: HarfBuzz cannot read the font\n", argv[1]);
        return 2;
    }
    printf("%lld\n", (long long)csb_shape_lines(font, text, offsets, count));
    csb_close(font);
    free(offsets);
    free(text);
    return 0;
}
