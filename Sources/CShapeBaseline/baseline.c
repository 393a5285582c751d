#include "CShapeBaseline.h"

#include <hb.h>
#include <stdlib.h>

struct csb_font {
    hb_blob_t *blob;
    hb_face_t *face;
    hb_font_t *font;
};

csb_font *csb_open(const char *path, unsigned int face_index) {
    hb_blob_t *blob = hb_blob_create_from_file_or_fail(path);
    if (!blob) return NULL;
    csb_font *f = calloc(1, sizeof *f);
    if (!f) { hb_blob_destroy(blob); return NULL; }
    f->blob = blob;
    f->face = hb_face_create(blob, face_index);
    f->font = hb_font_create(f->face);  /* scale defaults to upem: font units */
    return f;
}

void csb_close(csb_font *f) {
    if (!f) return;
    hb_font_destroy(f->font);
    hb_face_destroy(f->face);
    hb_blob_destroy(f->blob);
    free(f);
}

int64_t csb_shape_lines(csb_font *f, const char *text, const int32_t *offsets, int32_t count) {
    hb_buffer_t *buffer = hb_buffer_create();
    int64_t total = 0;
    for (int32_t i = 0; i < count; i++) {
        hb_buffer_clear_contents(buffer);
        hb_buffer_add_utf8(buffer, text + offsets[i], offsets[i + 1] - offsets[i], 0, -1);
        hb_buffer_guess_segment_properties(buffer);
        hb_shape(f->font, buffer, NULL, 0);
        unsigned int n = 0;
        hb_glyph_position_t *pos = hb_buffer_get_glyph_positions(buffer, &n);
        for (unsigned int k = 0; k < n; k++) total += pos[k].x_advance;
    }
    hb_buffer_destroy(buffer);
    return total;
}
