// SHA-1 block compression with the x86 SHA extensions (SHA-NI), for the digests of the web
// archive's records.
//
// A, B, C, D sit in one register, A in its highest lane; E rides in the highest lane of
// another. Each sha1rnds4 does four rounds, its immediate choosing the rounds' function and
// constant (0 for rounds 0-19 … 3 for 60-79); sha1nexte adds the next E (A of four rounds
// before, rotated) to the next four message words; sha1msg1 and sha1msg2 extend the
// message schedule four words at a time. The Swift implementation in Sources/Hashing is
// the reference and the fallback; the tests compare the two.

#include "CSHA256.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#define FEEDSITE_SHA1_ROUNDS(abcd, e, group)                                                      \
    (((group) < 5)    ? _mm_sha1rnds4_epu32((abcd), (e), 0)                                       \
     : ((group) < 10) ? _mm_sha1rnds4_epu32((abcd), (e), 1)                                       \
     : ((group) < 15) ? _mm_sha1rnds4_epu32((abcd), (e), 2)                                       \
                      : _mm_sha1rnds4_epu32((abcd), (e), 3))

// One 64-byte block into the working state (ABCD, and E in the highest lane).
__attribute__((target("sha,sse4.1,ssse3"), always_inline))
static inline void sha1_block(__m128i *abcd_state, __m128i *e_state, const uint8_t *data) {
    // Big-endian words, the first in the highest lane: reverse all sixteen bytes.
    const __m128i reverse = _mm_set_epi64x(0x0001020304050607ULL, 0x08090a0b0c0d0e0fULL);
    __m128i abcd = *abcd_state;
    const __m128i abcd_before = abcd;
    const __m128i e_before = *e_state;
    __m128i message[4];
    // A before the last four rounds: the next E, once rotated by sha1nexte.
    __m128i earlier = abcd;
    // Unrolled whole, so each round names its function as a constant and the schedule
    // stays in registers (BENCHMARKS.md, "What each trick buys", row "hash rounds unrolled").
#pragma clang loop unroll(full)
    for (int group = 0; group < 20; group++) {
        if (group < 4) {
            message[group] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * group)), reverse);
        } else {
            // W[t] = rol1(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16]), four at a time.
            __m128i partial = _mm_sha1msg1_epu32(message[group & 3], message[(group - 3) & 3]);
            partial = _mm_xor_si128(partial, message[(group - 2) & 3]);
            message[group & 3] = _mm_sha1msg2_epu32(partial, message[(group - 1) & 3]);
        }
        __m128i next = group == 0 ? _mm_add_epi32(e_before, message[0]) : _mm_sha1nexte_epu32(earlier, message[group & 3]);
        earlier = abcd;
        abcd = FEEDSITE_SHA1_ROUNDS(abcd, next, group);
    }
    *e_state = _mm_sha1nexte_epu32(earlier, e_before);
    *abcd_state = _mm_add_epi32(abcd, abcd_before);
}

__attribute__((target("sha,sse4.1,ssse3")))
static inline void sha1_load(const uint32_t state[5], __m128i *abcd, __m128i *e) {
    *abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)state), 0x1B);
    *e = _mm_set_epi32((int)state[4], 0, 0, 0);
}

__attribute__((target("sha,sse4.1,ssse3")))
static inline void sha1_store(uint32_t state[5], __m128i abcd, __m128i e) {
    _mm_storeu_si128((__m128i *)state, _mm_shuffle_epi32(abcd, 0x1B));
    state[4] = (uint32_t)_mm_extract_epi32(e, 3);
}

__attribute__((target("sha,sse4.1,ssse3")))
void feedsite_sha1_hardware_blocks(uint32_t state[5], const uint8_t *data, size_t blocks) {
    __m128i abcd, e;
    sha1_load(state, &abcd, &e);
    for (size_t block = 0; block < blocks; block++) sha1_block(&abcd, &e, data + 64 * block);
    sha1_store(state, abcd, e);
}

// Two messages a block of each at a time: each block's rounds wait on the one before, so
// the CPU runs the other message's in between (BENCHMARKS.md, "What each trick buys", row
// "a body's two SHA-1s in one pass").
__attribute__((target("sha,sse4.1,ssse3")))
void feedsite_sha1_hardware_blocks2(uint32_t first[5], const uint8_t *first_data, uint32_t second[5], const uint8_t *second_data, size_t blocks) {
    __m128i abcd1, e1, abcd2, e2;
    sha1_load(first, &abcd1, &e1);
    sha1_load(second, &abcd2, &e2);
    for (size_t block = 0; block < blocks; block++) {
        sha1_block(&abcd1, &e1, first_data + 64 * block);
        sha1_block(&abcd2, &e2, second_data + 64 * block);
    }
    sha1_store(first, abcd1, e1);
    sha1_store(second, abcd2, e2);
}

#else

void feedsite_sha1_hardware_blocks(uint32_t state[5], const uint8_t *data, size_t blocks) {
    (void)state;
    (void)data;
    (void)blocks;
}

void feedsite_sha1_hardware_blocks2(uint32_t first[5], const uint8_t *first_data, uint32_t second[5], const uint8_t *second_data, size_t blocks) {
    (void)first;
    (void)first_data;
    (void)second;
    (void)second_data;
    (void)blocks;
}

#endif
