#include <cstddef>
#include <cstring>

class Packet {
public:
    explicit Packet(std::size_t n) : data_(new unsigned char[n]), n_(n)
    {
        std::memset(data_, 0, n_);
    }
    ~Packet() { delete[] data_; }
    Packet(const Packet &) = delete;
    Packet &operator=(const Packet &) = delete;

    std::size_t size() const { return n_; }

private:
    unsigned char *data_;
    std::size_t n_;
};

int use_single()
{
    int *v = new int(7);
    int r = *v;
    delete v;
    return r;
}
