#ifndef CGRAPHVIZ_NUMBERS_H
#define CGRAPHVIZ_NUMBERS_H

#include <stddef.h>

/// Writes `value` as `snprintf(buffer, 50, "%.02f", value)` would, without glibc's arbitrary-precision formatting,
/// and returns its length; returns 0, writing nothing, for values it leaves to `snprintf` (not finite, or of 1e15 or
/// more in magnitude). `buffer` needs 24 bytes.
size_t cgraphviz_format_hundredths(double value, char *buffer);

/// Chooses how the SVG renderer's numbers are written (see cgraphviz_numbers.c): 1 with the rules of the Graphviz
/// 2.42 and 2.43 libraries, reimplemented without `snprintf`; 0 (the default) by the library's own `gvprintdouble`.
/// Call before the first render, and only with 1 when the linked library is one of those versions.
void cgraphviz_numbers_use_own(int enabled);

/// 1 when the library's own `gvprintdouble` was found (and is what a 0 above calls), else 0.
int cgraphviz_numbers_library_available(void);

/// Writes `value` with the 2.42/2.43 rules into `buffer` (50 bytes), as the library's `gvprintdouble` does before
/// writing it to the output: for tests, which compare it with `snprintf`.
void cgraphviz_numbers_print_242(double value, char *buffer);

#endif
