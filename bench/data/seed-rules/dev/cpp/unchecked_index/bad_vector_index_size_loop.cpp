#include <cstddef>
#include <vector>

// Sum of differences between neighbouring samples.
long total_delta(const std::vector<int> &samples)
{
    long sum = 0;
    for (std::size_t i = 0; i <= samples.size(); i++)
        sum += samples[i + 1] - samples[i]; /* FLAW: unchecked_index */
    return sum;
}
