#include <stdio.h>
#include <math.h>
/* n-body simulation: double arithmetic, sqrt calls, structs */
struct body { double x, y, z, vx, vy, vz, m; };
static struct body bs[5] = {
    {0, 0, 0, 0, 0, 0, 39.47}, {4.84, -1.16, -0.10, 0.606, 2.81, -0.02, 0.037},
    {8.34, 4.12, -0.40, -1.01, 1.82, 0.008, 0.011}, {12.89, -15.11, -0.22, 1.08, 0.86, -0.01, 0.0017},
    {15.37, -25.91, 0.17, 0.97, 0.59, -0.03, 0.002}};
static double energy(void) {
    double e = 0;
    for (int i = 0; i < 5; i++) {
        e += 0.5 * bs[i].m * (bs[i].vx * bs[i].vx + bs[i].vy * bs[i].vy + bs[i].vz * bs[i].vz);
        for (int j = i + 1; j < 5; j++) {
            double dx = bs[i].x - bs[j].x, dy = bs[i].y - bs[j].y, dz = bs[i].z - bs[j].z;
            e -= bs[i].m * bs[j].m / sqrt(dx * dx + dy * dy + dz * dz);
        }
    }
    return e;
}
int main(void) {
    printf("%.9f\n", energy());
    for (int s = 0; s < 40000; s++) {
        for (int i = 0; i < 5; i++)
            for (int j = i + 1; j < 5; j++) {
                double dx = bs[i].x - bs[j].x, dy = bs[i].y - bs[j].y, dz = bs[i].z - bs[j].z;
                double d2 = dx * dx + dy * dy + dz * dz;
                double mag = 0.01 / (d2 * sqrt(d2));
                bs[i].vx -= dx * bs[j].m * mag; bs[i].vy -= dy * bs[j].m * mag; bs[i].vz -= dz * bs[j].m * mag;
                bs[j].vx += dx * bs[i].m * mag; bs[j].vy += dy * bs[i].m * mag; bs[j].vz += dz * bs[i].m * mag;
            }
        for (int i = 0; i < 5; i++) { bs[i].x += 0.01 * bs[i].vx; bs[i].y += 0.01 * bs[i].vy; bs[i].z += 0.01 * bs[i].vz; }
    }
    printf("%.9f\n", energy());
    return 0;
}
