// wavstat: read 16-bit signed samples from a file and print their peak and RMS.
// The sample buffer is a hand-managed class (rule of three).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>

class SampleBuffer {
public:
    explicit SampleBuffer(std::size_t n) : size_(n), data_(new std::int16_t[n]) {}
    SampleBuffer(const SampleBuffer &o) : size_(o.size_), data_(new std::int16_t[o.size_])
    {
        std::copy(o.data_, o.data_ + o.size_, data_);
    }
    SampleBuffer &operator=(const SampleBuffer &o)
    {
        if (this != &o) {
            std::int16_t *fresh = new std::int16_t[o.size_];
            std::copy(o.data_, o.data_ + o.size_, fresh);
            delete[] data_;
            data_ = fresh;
            size_ = o.size_;
        }
        return *this;
    }
    ~SampleBuffer() { delete[] data_; }

    std::size_t size() const { return size_; }
    std::int16_t *data() { return data_; }
    const std::int16_t *data() const { return data_; }

private:
    std::size_t size_;
    std::int16_t *data_;
};

static SampleBuffer load(const char *path, std::size_t max_samples)
{
    std::ifstream in(path, std::ios::binary);
    SampleBuffer buf(max_samples);
    if (!in)
        return SampleBuffer(0);
    in.read(reinterpret_cast<char *>(buf.data()), static_cast<std::streamsize>(max_samples * 2));
    std::size_t got = static_cast<std::size_t>(in.gcount()) / 2;
    SampleBuffer out(got);
    std::memcpy(out.data(), buf.data(), got * 2);
    return out;
}

static void stats(SampleBuffer b, int &peak, double &rms)
{
    double acc = 0;
    peak = 0;
    for (std::size_t i = 0; i < b.size(); i++) {
        int v = b.data()[i];
        if (std::abs(v) > peak)
            peak = std::abs(v);
        acc += double(v) * v;
    }
    rms = b.size() ? std::sqrt(acc / double(b.size())) : 0.0;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::cerr << "usage: wavstat FILE\n";
        return 2;
    }
    SampleBuffer samples = load(argv[1], 1 << 16);
    int peak;
    double rms;
    stats(samples, peak, rms);
    std::printf("%zu samples, peak %d, rms %.1f\n", samples.size(), peak, rms);
    return 0;
}
