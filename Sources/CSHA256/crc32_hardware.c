// CRC-32 (the gzip and ZIP polynomial, bits reflected) by carry-less multiplication: the
// message is folded 64 bytes at a time into four 128-bit remainders, those into one, and
// that one reduced to 32 bits (Barrett). The constants are x^n mod P(x), P the polynomial
// 0x104C11DB7, bit-reflected and shifted left by one as reflected folding takes them:
// x^544 and x^480 fold across 512 bits, x^160 and x^96 across 128, x^64 takes 64 bits to
// 32; mu is floor(x^64 / P(x)), reflected, and P'(x) the polynomial reflected.

#include "CSHA256.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <immintrin.h>

int feedsite_crc32_hardware_available(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    const int pclmul = (ecx >> 1) & 1;
    const int sse41 = (ecx >> 19) & 1;
    return pclmul && sse41;
}

__attribute__((target("pclmul,sse4.1")))
static inline __m128i fold(__m128i remainder, __m128i constants, __m128i next) {
    const __m128i low = _mm_clmulepi64_si128(remainder, constants, 0x00);
    const __m128i high = _mm_clmulepi64_si128(remainder, constants, 0x11);
    return _mm_xor_si128(_mm_xor_si128(low, high), next);
}

__attribute__((target("pclmul,sse4.1")))
uint32_t feedsite_crc32_hardware(uint32_t crc, const uint8_t *data, size_t length) {
    const __m128i across512 = _mm_set_epi64x(0x1c6e41596, 0x154442bd4);
    const __m128i across128 = _mm_set_epi64x(0x0ccaa009e, 0x1751997d0);
    const __m128i to32 = _mm_set_epi64x(0, 0x163cd6124);
    const __m128i barrett = _mm_set_epi64x(0x1f7011641, 0x1db710641);
    const __m128i low32 = _mm_setr_epi32(-1, 0, -1, 0);

    // The register starts inverted, as the CRC's definition has it.
    __m128i x1 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)data), _mm_cvtsi32_si128((int)~crc));
    __m128i x2 = _mm_loadu_si128((const __m128i *)(data + 16));
    __m128i x3 = _mm_loadu_si128((const __m128i *)(data + 32));
    __m128i x4 = _mm_loadu_si128((const __m128i *)(data + 48));
    data += 64;
    length -= 64;
    while (length >= 64) {
        x1 = fold(x1, across512, _mm_loadu_si128((const __m128i *)data));
        x2 = fold(x2, across512, _mm_loadu_si128((const __m128i *)(data + 16)));
        x3 = fold(x3, across512, _mm_loadu_si128((const __m128i *)(data + 32)));
        x4 = fold(x4, across512, _mm_loadu_si128((const __m128i *)(data + 48)));
        data += 64;
        length -= 64;
    }
    x1 = fold(x1, across128, x2);
    x1 = fold(x1, across128, x3);
    x1 = fold(x1, across128, x4);
    while (length >= 16) {
        x1 = fold(x1, across128, _mm_loadu_si128((const __m128i *)data));
        data += 16;
        length -= 16;
    }

    // 128 bits to 64, then to 32 (with 32 bits of zeros after them), then Barrett.
    x1 = _mm_xor_si128(_mm_srli_si128(x1, 8), _mm_clmulepi64_si128(x1, across128, 0x10));
    x1 = _mm_xor_si128(_mm_srli_si128(x1, 4), _mm_clmulepi64_si128(_mm_and_si128(x1, low32), to32, 0x00));
    __m128i quotient = _mm_clmulepi64_si128(_mm_and_si128(x1, low32), barrett, 0x10);
    __m128i product = _mm_clmulepi64_si128(_mm_and_si128(quotient, low32), barrett, 0x00);
    return ~(uint32_t)_mm_extract_epi32(_mm_xor_si128(x1, product), 1);
}

#else

int feedsite_crc32_hardware_available(void) { return 0; }

uint32_t feedsite_crc32_hardware(uint32_t crc, const uint8_t *data, size_t length) {
    (void)data;
    (void)length;
    return crc;
}

#endif
