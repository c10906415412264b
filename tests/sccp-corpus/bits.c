/* Integer widths, signedness and casts: char/short promotion, sign and zero
 * extension, truncation, shifts, unsigned wrap-around. */
#include <stdint.h>
#include <stdio.h>

int main(int argc, char **argv) {
    (void)argv;
    int8_t c = (int8_t)200;
    uint8_t uc = (uint8_t)-1;
    int16_t s = (int16_t)40000;
    uint16_t us = (uint16_t)70000;
    int32_t widened = c;
    uint32_t zext = uc;
    uint32_t wrap = 0u - 1u;
    uint64_t big = (uint64_t)1 << 63;
    int64_t sbig = (int64_t)(big >> 3);
    int32_t ashr = -64 >> 3;
    uint32_t lshr = 0x80000000u >> 31;
    int32_t masked = (0x1234 & 0xff) | (0x10 ^ 0x3);
    int32_t cmp = (c < 0) + (uc > 200) + (s < 0) + (us == 4464);
    int32_t dyn = argc << 4;
    uint8_t trunc = (uint8_t)(300 + argc - 1);
    printf("%d %u %d %u %d %u %u %llu %lld %d %u %d %d %d %u\n", c, uc, s, us, widened, zext,
           wrap, (unsigned long long)big, (long long)sbig, ashr, lshr, masked, cmp, dyn, trunc);
    return (cmp + masked) & 0xff;
}
