/* stats.h — summary statistics of timing samples (bench: median and p95 per pass).
 *
 *   float p95 = stats_percentile(frame_ms, n, 95.0f);
 *   float med = stats_median(frame_ms, n);
 *   stats_write_median_p95(&json, "frame_ms", frame_ms, n);   // "frame_ms": {"median": .., "p95": ..}
 *   stats_write_median_p95_keys(&json, ms, n, 0.0f);          // the two keys in an open object
 *
 * Percentiles use linear interpolation between closest ranks (numpy's default): the sorted
 * samples s[0..m-1] sit at ranks 0..m-1 and percentile p is read at rank p/100 * (m-1), so p 0 is
 * the minimum, p 100 the maximum and p 50 of an even count the mean of the middle two.
 * Inputs are never modified (a sorted copy is made). NaN samples are ignored; with no samples
 * left the result is NaN (the JSON writer prints it as null). p must be in [0, 100] (asserted).
 * An allocation failure logs an error and returns NaN.
 */
#ifndef IMPRINT_CORE_STATS_H
#define IMPRINT_CORE_STATS_H

#include "base/json.h"

#ifdef __cplusplus
extern "C" {
#endif

float stats_percentile(const float *v, int n, float p);
float stats_median(const float *v, int n);
float stats_mean(const float *v, int n);
/* Several percentiles from one sort: out[i] = stats_percentile(v, n, p[i]). */
void stats_percentiles(const float *v, int n, const float *p, int np, float *out);
/* The bench's summary of samples, one sort: key: {"median": p50, "p95": p95} into the open object
 * (key NULL inside an array). */
void stats_write_median_p95(json_writer *w, const char *key, const float *v, int n);
/* The same two keys into an object the caller holds open (beside keys of its own); returns the
 * median. none: what both are without samples (n 0; NAN writes null as above). */
float stats_write_median_p95_keys(json_writer *w, const float *v, int n, float none);

#ifdef __cplusplus
}
#endif

#endif
