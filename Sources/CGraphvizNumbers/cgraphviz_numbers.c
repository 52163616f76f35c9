// Numbers in Graphviz's SVG output. The core plugin writes every coordinate of every shape and curve through
// libgvc's `gvprintdouble`, which in Graphviz 2.42/2.43 (Debian 12's packages) formats with `snprintf("%.02f")` and
// trims trailing zeros. glibc formats floating point through multi-precision arithmetic, which took 6-7% of the CPU
// time of a cold `generate` (workers included). This file defines `gvprintdouble` in the
// executable, which the dynamic linker binds the plugin's calls to (on ELF systems; on macOS the plugin keeps
// calling the library's own), and writes the same bytes with 64-bit integer arithmetic. It does so only when the
// Swift side has seen that the linked library is 2.42/2.43 (`cgraphviz_numbers_use_own`); otherwise, and for values
// outside the fast path, it calls the library's own function or `snprintf` exactly as the library would.
#define _GNU_SOURCE
#include "cgraphviz_numbers.h"

#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct GVJ_s GVJ_t;
extern size_t gvwrite(GVJ_t *job, const char *s, size_t len);
void gvprintdouble(GVJ_t *job, double num);

static volatile int use_own = 0;

void cgraphviz_numbers_use_own(int enabled) { use_own = enabled; }

size_t cgraphviz_format_hundredths(double value, char *buffer) {
    if (!isfinite(value) || fabs(value) >= 1e15) return 0;
    uint64_t bits;
    memcpy(&bits, &value, sizeof bits);
    int negative = (int)(bits >> 63);
    int exponent = (int)((bits >> 52) & 0x7ff);
    uint64_t mantissa = bits & ((UINT64_C(1) << 52) - 1);
    // |value| = mantissa * 2^shift, exactly.
    int shift;
    if (exponent == 0) {
        shift = -1074;
    } else {
        mantissa |= UINT64_C(1) << 52;
        shift = exponent - 1075;
    }
    // hundredths = |value| * 100 rounded to nearest, ties to even: glibc rounds the exact binary value so.
    uint64_t hundredths;
    if (shift >= 0) {
        // An integer below 1e15: times 100 stays below 2^57.
        hundredths = (mantissa << shift) * 100;
    } else if (shift <= -64) {
        // Below 2^53 * 2^-64 = 2^-11: a hundredth of it rounds to 0 (no tie is possible).
        hundredths = 0;
    } else {
        uint64_t scaled = mantissa * 100; // below 2^60
        int s = -shift;
        hundredths = scaled >> s;
        uint64_t rest = scaled & ((UINT64_C(1) << s) - 1);
        uint64_t half = UINT64_C(1) << (s - 1);
        if (rest > half || (rest == half && (hundredths & 1))) hundredths += 1;
    }
    char digits[24];
    size_t count = 0;
    uint64_t whole = hundredths / 100;
    unsigned fraction = (unsigned)(hundredths % 100);
    do {
        digits[count++] = (char)('0' + whole % 10);
        whole /= 10;
    } while (whole > 0);
    size_t length = 0;
    if (negative) buffer[length++] = '-';
    while (count > 0) buffer[length++] = digits[--count];
    buffer[length++] = '.';
    buffer[length++] = (char)('0' + fraction / 10);
    buffer[length++] = (char)('0' + fraction % 10);
    buffer[length] = '\0';
    return length;
}

void cgraphviz_numbers_print_242(double num, char *buf) {
    // Graphviz 2.42's gvprintdouble, step for step: values within 1e-8 of zero become 0, then "%.02f", then the
    // zeros at the end of the fraction go, and the point if nothing is left after it.
    if (num > -1e-8 && num < 1e-8) num = 0;
    if (cgraphviz_format_hundredths(num, buf) == 0) snprintf(buf, 50, "%.02f", num);
    char *point = strchr(buf, '.');
    if (point == NULL) return;
    char *last = point + strlen(point) - 1;
    while (last > point && *last == '0') *last-- = '\0';
    if (last == point) *point = '\0';
}

typedef void (*print_double_function)(GVJ_t *, double);

/// libgvc's own `gvprintdouble`, or NULL when it cannot be found.
static print_double_function library_function(void) {
    static print_double_function library = NULL;
    if (library == NULL) library = (print_double_function)dlsym(RTLD_NEXT, "gvprintdouble");
    return library != gvprintdouble ? library : NULL;
}

int cgraphviz_numbers_library_available(void) { return library_function() != NULL; }

void gvprintdouble(GVJ_t *job, double num) {
    if (!use_own) {
        print_double_function library = library_function();
        if (library != NULL) {
            library(job, num);
            return;
        }
    }
    char buf[50];
    cgraphviz_numbers_print_242(num, buf);
    gvwrite(job, buf, strlen(buf));
}
