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

/// `feedsite_sha1_hardware_blocks` for two messages at once: `blocks` blocks at `first_data`
/// into `first`, as many at `second_data` into `second`.
void feedsite_sha1_hardware_blocks2(uint32_t first[5], const uint8_t *first_data, uint32_t second[5], const uint8_t *second_data, size_t blocks);

/// Whether this CPU has carry-less multiplication (PCLMULQDQ) and SSE4.1.
int feedsite_crc32_hardware_available(void);

/// The CRC-32 (gzip's, ZIP's) of `crc`'s message followed by the first `length / 16 * 16`
/// bytes at `data`; `length` must be 64 or more. The bytes past the last whole 16 are left
/// for the caller. Only call it when `feedsite_crc32_hardware_available()` returned non-zero.
uint32_t feedsite_crc32_hardware(uint32_t crc, const uint8_t *data, size_t length);

#endif
