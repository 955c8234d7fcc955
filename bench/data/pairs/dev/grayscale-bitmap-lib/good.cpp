// bitmap.cpp - 8-bit grayscale bitmaps for the thumbnailer and the OCR
// pre-processing stage.
//
// Exported:
//   class Bitmap
//   Bitmap bitmap_downscale(const Bitmap &src, int factor);
//   Bitmap bitmap_threshold(Bitmap img, std::uint8_t level);
//   bool   bitmap_write_pgm(const Bitmap &img, const std::string &path);

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string>

class Bitmap {
public:
    static constexpr int kMaxDim = 16384;

    Bitmap(int w, int h) : w_(w), h_(h), px_(nullptr)
    {
        if (w <= 0 || h <= 0 || w > kMaxDim || h > kMaxDim)
            throw std::invalid_argument("bitmap size out of range");
        px_ = new std::uint8_t[size()]();
    }

    // deep copies: every Bitmap owns its own pixel buffer
    Bitmap(const Bitmap &other)
        : w_(other.w_), h_(other.h_), px_(new std::uint8_t[other.size()])
    {
        std::memcpy(px_, other.px_, other.size());
    }

    Bitmap &operator=(const Bitmap &other)
    {
        if (this != &other) {
            std::uint8_t *copy = new std::uint8_t[other.size()];
            std::memcpy(copy, other.px_, other.size());
            delete[] px_;
            px_ = copy;
            w_ = other.w_;
            h_ = other.h_;
        }
        return *this;
    }

    ~Bitmap() { delete[] px_; }

    int width() const { return w_; }
    int height() const { return h_; }
    std::size_t size() const
    {
        return static_cast<std::size_t>(w_) * static_cast<std::size_t>(h_);
    }

    std::uint8_t at(int x, int y) const
    {
        check(x, y);
        return px_[static_cast<std::size_t>(y) * w_ + x];
    }

    void set(int x, int y, std::uint8_t v)
    {
        check(x, y);
        px_[static_cast<std::size_t>(y) * w_ + x] = v;
    }

    const std::uint8_t *data() const { return px_; }
    std::uint8_t *data() { return px_; }

private:
    void check(int x, int y) const
    {
        if (x < 0 || y < 0 || x >= w_ || y >= h_)
            throw std::out_of_range("pixel outside bitmap");
    }

    int w_;
    int h_;
    std::uint8_t *px_;
};

// Average FACTOR x FACTOR blocks; partial blocks at the edges are dropped.
Bitmap bitmap_downscale(const Bitmap &src, int factor)
{
    if (factor < 1 || factor > src.width() || factor > src.height())
        throw std::invalid_argument("downscale factor out of range");

    Bitmap out(src.width() / factor, src.height() / factor);
    const unsigned area = static_cast<unsigned>(factor) * static_cast<unsigned>(factor);

    for (int y = 0; y < out.height(); ++y) {
        for (int x = 0; x < out.width(); ++x) {
            unsigned long sum = 0;
            for (int dy = 0; dy < factor; ++dy)
                for (int dx = 0; dx < factor; ++dx)
                    sum += src.at(x * factor + dx, y * factor + dy);
            out.set(x, y, static_cast<std::uint8_t>(sum / area));
        }
    }
    return out;
}

// Map every pixel to 0 or 255; the argument is taken by value and returned.
Bitmap bitmap_threshold(Bitmap img, std::uint8_t level)
{
    std::uint8_t *p = img.data();
    for (std::size_t i = 0; i < img.size(); ++i)
        p[i] = p[i] >= level ? 255 : 0;
    return img;
}

bool bitmap_write_pgm(const Bitmap &img, const std::string &path)
{
    std::ofstream out(path, std::ios::binary);
    if (!out)
        return false;
    out << "P5\n" << img.width() << ' ' << img.height() << "\n255\n";
    out.write(reinterpret_cast<const char *>(img.data()),
              static_cast<std::streamsize>(img.size()));
    return static_cast<bool>(out);
}
