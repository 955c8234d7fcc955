#include <array>
#include <cstdint>
#include <string>

class OpcodeTable {
public:
    OpcodeTable() { names_.fill("unknown"); names_[0] = "nop"; names_[1] = "read"; }

    // opcode is the first byte of a packet received from the network
    const std::string &name_of(const std::uint8_t *packet) const
    {
        std::uint8_t opcode = packet[0];
        return names_[opcode]; /* FLAW: unchecked_index */
    }

    void count(std::size_t slot) { hits_[slot]++; } /* FLAW: unchecked_index */

private:
    std::array<std::string, 16> names_;
    std::array<unsigned, 16> hits_{};
};
