// ring of recent temperatures; the slot comes from the sensor packet
#include <array>
#include <cstdint>
#include <cstdio>

class Recent {
public:
    void store(unsigned slot, int16_t value)
    {
        if (slot < values_.size())
            values_[slot] = value;
    }
    int16_t get(unsigned slot) const { return slot < values_.size() ? values_[slot] : 0; }

private:
    std::array<int16_t, 12> values_{};
};

int main()
{
    Recent recent;
    unsigned char pkt[3];

    while (std::fread(pkt, 1, sizeof pkt, stdin) == sizeof pkt)
        recent.store(pkt[0], static_cast<int16_t>(pkt[1] | pkt[2] << 8));
    std::printf("%d\n", recent.get(0));
    return 0;
}
