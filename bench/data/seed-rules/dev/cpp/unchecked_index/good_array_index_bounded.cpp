#include <array>
#include <cstdint>
#include <string>
#include <vector>

class OpcodeTable {
public:
    OpcodeTable() { names_.fill("unknown"); }

    const std::string &name_of(std::uint8_t opcode) const
    {
        static const std::string invalid = "invalid";
        if (opcode >= names_.size())
            return invalid;
        return names_[opcode];
    }

private:
    std::array<std::string, 16> names_;
};

long total_delta(const std::vector<int> &samples)
{
    long sum = 0;
    for (std::size_t i = 1; i < samples.size(); i++)
        sum += samples[i] - samples[i - 1];
    return sum;
}
