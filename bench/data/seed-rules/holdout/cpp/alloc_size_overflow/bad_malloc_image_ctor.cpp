#include <cstdint>
#include <cstdlib>
#include <new>

class Image {
public:
    Image(std::uint32_t w, std::uint32_t h, std::uint32_t channels)
        : w_(w), h_(h), c_(channels)
    {
        pixels_ = static_cast<std::uint8_t *>(std::malloc(w * h * channels)); /* FLAW: alloc_size_overflow */
        if (pixels_ == nullptr)
            throw std::bad_alloc();
    }
    ~Image() { std::free(pixels_); }
    Image(const Image &) = delete;
    Image &operator=(const Image &) = delete;

    std::uint8_t &at(std::uint32_t x, std::uint32_t y, std::uint32_t ch)
    {
        return pixels_[(static_cast<std::size_t>(y) * w_ + x) * c_ + ch];
    }

private:
    std::uint32_t w_, h_, c_;
    std::uint8_t *pixels_;
};
