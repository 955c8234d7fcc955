#include <cstdint>
#include <cstdlib>
#include <limits>
#include <new>

class Image {
public:
    Image(std::uint32_t w, std::uint32_t h, std::uint32_t channels)
        : w_(w), h_(h), c_(channels)
    {
        const std::size_t max = std::numeric_limits<std::size_t>::max();
        if (w == 0 || h == 0 || channels == 0 || h > max / w || channels > max / (std::size_t(w) * h))
            throw std::bad_alloc();
        pixels_ = static_cast<std::uint8_t *>(std::calloc(std::size_t(w) * h, channels));
        if (pixels_ == nullptr)
            throw std::bad_alloc();
    }
    ~Image() { std::free(pixels_); }
    Image(const Image &) = delete;
    Image &operator=(const Image &) = delete;

private:
    std::uint32_t w_, h_, c_;
    std::uint8_t *pixels_;
};
