/* testdata.h — where test fixtures live: tests/data/ in the source tree, passed by CMake as
 * IMPRINT_TEST_DATA_DIR. testdata_path("x.txt") returns a static buffer (valid until the next call). */
#ifndef IMPRINT_TESTDATA_H
#define IMPRINT_TESTDATA_H

#include <stdio.h>

static inline const char *testdata_path(const char *name)
{
    static char buf[2048];
    snprintf(buf, sizeof buf, "%s/%s", IMPRINT_TEST_DATA_DIR, name);
    return buf;
}

#endif
