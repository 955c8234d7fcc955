#include <stddef.h>

#define MAX_WINDOW 64

/* Returns -1 if the window is larger than the fixed maximum. */
int moving_average(const int *in, size_t count, size_t window, double *out)
{
    int ring[MAX_WINDOW] = { 0 };
    long sum = 0;

    if (window == 0 || window > MAX_WINDOW)
        return -1;
    for (size_t i = 0; i < count; i++) {
        sum -= ring[i % window];
        ring[i % window] = in[i];
        sum += in[i];
        out[i] = (double)sum / (double)window;
    }
    return 0;
}
