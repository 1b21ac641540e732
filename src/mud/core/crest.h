/* crest.h — how straight is a ridge in a picture (GL-free): the berm crest of a rut, traced row by
 * row in a depth image seen from above, against the straight line fitted through it.
 *
 *   mud_crest c;
 *   if (mud_crest_trace(depth, w, h, &(mud_crest_band){ .y0 = 40, .y1 = 320, .x_at_y0 = 200,
 *                                                       .x_at_y1 = 420, .half_width = 30 }, &c))
 *       printf("%d rows, max %.2f px, rms %.2f px\n", c.rows, c.max_px, c.rms_px);
 *
 * depth: w * h values, row-major, smaller = nearer the camera (a ridge seen from above is a
 * valley of depth). In each row y of [y0, y1] the crest is the nearest sample inside the band
 * (x_at_y0 .. x_at_y1 linearly, +- half_width); a run of equal samples (a plateau of quantized
 * heights) counts at its middle, and the position is refined by the parabola through the minimum
 * and its two neighbours (sub-pixel). A least-squares line x = a y + b is fitted through the
 * positions; max_px, p95_px and rms_px are the residuals' largest magnitude, the magnitude 95 % of
 * the rows stay within, and their root mean square.
 * With band->smooth_rows > 0 the residuals are from a centred moving average instead (the line is
 * fitted all the same). Rows whose minimum touches the band's edge (no ridge inside) are skipped. Returns false, with
 * *out zeroed, when fewer than 8 rows remain or the arguments are out of range.
 */
#ifndef IMPRINT_CORE_MUD_CREST_H
#define IMPRINT_CORE_MUD_CREST_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mud_crest_band {
    int y0, y1;              /* rows, inclusive */
    float x_at_y0, x_at_y1;  /* band centre at the first and last row */
    float half_width;        /* pixels either side of the centre */
    /* 0: max_px and rms_px are residuals from the fitted line; > 0: from the moving average of
     * the crest's positions over this many rows centred on each (a churned rut's berm wanders on
     * purpose; its residual from a 1 m average is what reads as teeth). Near the ends the window
     * shrinks to stay centred. */
    float smooth_rows;
} mud_crest_band;

typedef struct mud_crest {
    int rows;                /* rows traced */
    float slope, offset;     /* fitted x = slope * y + offset */
    float max_px, rms_px;    /* deviation from the fitted line (or the moving average) */
    float p95_px;            /* the deviation 95 % of the rows stay within */
} mud_crest;

bool mud_crest_trace(const float *depth, int w, int h, const mud_crest_band *band, mud_crest *out);

#ifdef __cplusplus
}
#endif

#endif
