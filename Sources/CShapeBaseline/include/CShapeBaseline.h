#ifndef CSHAPEBASELINE_H
#define CSHAPEBASELINE_H

#include <stdint.h>

/// The benchmark's floor: a plain C loop that shapes each line once with HarfBuzz
/// (one reused hb_buffer_t, hb_buffer_guess_segment_properties, default features, font units)
/// and sums the x advances. No caching, no itemization, no Swift.

/// An opened font (hb blob + face + font at scale = upem). Opaque.
typedef struct csb_font csb_font;

/// Opens face `face_index` of the font file at `path`; NULL when HarfBuzz cannot read it.
csb_font *csb_open(const char *path, unsigned int face_index);

/// Frees everything `csb_open` created.
void csb_close(csb_font *font);

/// Shapes `count` lines, line i being the UTF-8 bytes text[offsets[i] ..< offsets[i + 1]]
/// (`offsets` holds count + 1 entries), each once, and returns the sum of all x advances.
int64_t csb_shape_lines(csb_font *font, const char *text, const int32_t *offsets, int32_t count);

#endif
