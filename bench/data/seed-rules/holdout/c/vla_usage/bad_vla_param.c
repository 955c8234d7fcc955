#include <stddef.h>

/* Moving average over a window whose size is chosen by the caller. */
void moving_average(const int *in, size_t count, size_t window, double *out)
{
    int ring[window]; /* FLAW: vla_usage */
    long sum = 0;

    for (size_t i = 0; i < window; i++)
        ring[i] = 0;
    for (size_t i = 0; i < count; i++) {
        sum -= ring[i % window];
        ring[i % window] = in[i];
        sum += in[i];
        out[i] = (double)sum / (double)window;
    }
}
