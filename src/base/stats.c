#include "base/stats.h"

#include "base/log.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>

static int stats_cmp(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

static float stats_at(const float *sorted, int m, float p)
{
    assert(p >= 0.0f && p <= 100.0f);
    double rank = (double)p / 100.0 * (m - 1);
    int lo = (int)floor(rank);
    if (lo >= m - 1) return sorted[m - 1];
    double f = rank - lo;
    return (float)(sorted[lo] + (sorted[lo + 1] - (double)sorted[lo]) * f);
}

void stats_percentiles(const float *v, int n, const float *p, int np, float *out)
{
    assert((v || n == 0) && n >= 0 && p && out && np >= 0);
    float *s = n ? malloc((size_t)n * sizeof *s) : NULL;
    if (n && !s) log_error("stats: out of memory sorting %d samples", n);
    int m = 0;
    for (int i = 0; s && i < n; i++)
        if (!isnan(v[i])) s[m++] = v[i];
    if (m) qsort(s, (size_t)m, sizeof *s, stats_cmp);
    for (int i = 0; i < np; i++) out[i] = m ? stats_at(s, m, p[i]) : NAN;
    free(s);
}

float stats_percentile(const float *v, int n, float p)
{
    float out;
    stats_percentiles(v, n, &p, 1, &out);
    return out;
}

float stats_median(const float *v, int n) { return stats_percentile(v, n, 50.0f); }

float stats_mean(const float *v, int n)
{
    assert((v || n == 0) && n >= 0);
    double sum = 0.0;
    int m = 0;
    for (int i = 0; i < n; i++)
        if (!isnan(v[i])) { sum += v[i]; m++; }
    return m ? (float)(sum / m) : NAN;
}

float stats_write_median_p95_keys(json_writer *w, const float *v, int n, float none)
{
    static const float pct[2] = {50, 95};
    float q[2] = {none, none};
    if (n) stats_percentiles(v, n, pct, 2, q);
    json_number(w, "median", q[0]);
    json_number(w, "p95", q[1]);
    return q[0];
}

void stats_write_median_p95(json_writer *w, const char *key, const float *v, int n)
{
    json_object_begin(w, key);
    stats_write_median_p95_keys(w, v, n, NAN);
    json_object_end(w);
}
