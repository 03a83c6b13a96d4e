#ifndef FEEDSITE_CSHA256_H
#define FEEDSITE_CSHA256_H

#include <stddef.h>
#include <stdint.h>

/// Whether this CPU has the x86 SHA extensions (and the SSSE3 and SSE4.1 they need).
int feedsite_sha256_hardware_available(void);

/// Runs the SHA-256 compression function over `blocks` 64-byte blocks at `data`, updating
/// `state` (the eight working words, A first). Only call it when
/// `feedsite_sha256_hardware_available()` returned non-zero.
void feedsite_sha256_hardware_blocks(uint32_t state[8], const uint8_t *data, size_t blocks);

/// Runs the SHA-1 compression function over `blocks` 64-byte blocks at `data`, updating
/// `state` (the five working words, A first). The same extensions run it: only call it when
/// `feedsite_sha256_hardware_available()` returned non-zero.
void feedsite_sha1_hardware_blocks(uint32_t state[5], const uint8_t *data, size_t blocks);

#endif
