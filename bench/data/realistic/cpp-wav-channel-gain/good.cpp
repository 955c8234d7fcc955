// wavgain: applies per-channel gains to a raw 16-bit PCM file.
// Usage: wavgain IN OUT G1 [G2 ...]; IN starts with a small header
// {uint16 channels, uint16 reserved, uint32 frames}.
#include <array>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace {

constexpr std::size_t kMaxChannels = 8;

struct PcmHeader {
    std::uint16_t channels;
    std::uint16_t reserved;
    std::uint32_t frames;
};

class GainTable {
public:
    explicit GainTable(const std::vector<float> &g) {
        gains_.fill(1.0f);
        for (std::size_t i = 0; i < g.size() && i < kMaxChannels; ++i)
            gains_[i] = g[i];
    }
    // channels past the table keep unity gain rather than reading past it
    float at(std::size_t ch) const { return ch < gains_.size() ? gains_[ch] : 1.0f; }

private:
    std::array<float, kMaxChannels> gains_;
};

std::int16_t clamp16(float v) {
    if (v > 32767.0f) return 32767;
    if (v < -32768.0f) return -32768;
    return static_cast<std::int16_t>(v);
}

} // namespace

int main(int argc, char **argv) {
    if (argc < 4) {
        std::cerr << "usage: " << argv[0] << " IN OUT GAIN...\n";
        return 2;
    }
    std::ifstream in(argv[1], std::ios::binary);
    std::ofstream out(argv[2], std::ios::binary);
    if (!in || !out) {
        std::cerr << "cannot open files\n";
        return 1;
    }
    PcmHeader h{};
    if (!in.read(reinterpret_cast<char *>(&h), sizeof h) || h.channels == 0) {
        std::cerr << "bad header\n";
        return 1;
    }
    std::vector<float> g;
    for (int i = 3; i < argc; ++i)
        g.push_back(std::strtof(argv[i], nullptr));
    GainTable table(g);

    out.write(reinterpret_cast<const char *>(&h), sizeof h);
    std::vector<std::int16_t> frame(h.channels);
    for (std::uint32_t f = 0; f < h.frames; ++f) {
        if (!in.read(reinterpret_cast<char *>(frame.data()), frame.size() * sizeof(std::int16_t)))
            break;
        for (std::size_t ch = 0; ch < frame.size(); ++ch)
            frame[ch] = clamp16(frame[ch] * table.at(ch));
        out.write(reinterpret_cast<const char *>(frame.data()), frame.size() * sizeof(std::int16_t));
    }
    return 0;
}
