#ifndef CSHA256_H
#define CSHA256_H

#include <stddef.h>
#include <stdint.h>

/// SHA-256's 64 round constants (FIPS 180-4, 4.2.2), for the portable rounds too.
const uint32_t *csha256_round_constants(void);

/// 1 when this processor has the x86 SHA extensions (with SSSE3 and SSE4.1), else 0.
int csha256_hardware_available(void);

/// Runs the SHA-256 compression function over `blocks` 64-byte blocks at `data`, updating `state` (the eight
/// working words, in the order of FIPS 180-4). Call only when `csha256_hardware_available()` returned 1.
void csha256_hardware_compress(uint32_t state[8], const uint8_t *data, size_t blocks);

#endif
