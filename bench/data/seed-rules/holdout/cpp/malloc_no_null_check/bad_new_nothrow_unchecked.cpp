#include <cstddef>
#include <cstdlib>
#include <iostream>
#include <new>

struct Sample {
    double t;
    double v;
};

Sample *make_samples(std::size_t n)
{
    Sample *s = new (std::nothrow) Sample[n];
    for (std::size_t i = 0; i < n; i++)
        s[i] = Sample{double(i), 0.0}; /* FLAW: malloc_no_null_check */
    return s;
}

int main()
{
    std::size_t n = 0;
    if (!(std::cin >> n))
        return 1;
    char *scratch = static_cast<char *>(std::malloc(n + 1));
    scratch[n] = '\0'; /* FLAW: malloc_no_null_check */
    Sample *s = make_samples(n);
    std::cout << n << " samples\n";
    delete[] s;
    std::free(scratch);
    return 0;
}
