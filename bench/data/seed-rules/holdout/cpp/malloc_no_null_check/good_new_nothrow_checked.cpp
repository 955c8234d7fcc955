#include <cstddef>
#include <new>

struct Sample {
    double t;
    double v;
};

Sample *make_samples(std::size_t n)
{
    Sample *s = new (std::nothrow) Sample[n];
    if (s == nullptr)
        return nullptr;
    for (std::size_t i = 0; i < n; i++)
        s[i] = Sample{double(i), 0.0};
    return s;
}
