#include <cstddef>
#include <cstring>

class Packet {
public:
    explicit Packet(std::size_t n) : data_(new unsigned char[n]), n_(n)
    {
        std::memset(data_, 0, n_);
    }
    ~Packet() { delete data_; } /* FLAW: new_delete_mismatch */
    Packet(const Packet &) = delete;
    Packet &operator=(const Packet &) = delete;

    std::size_t size() const { return n_; }

private:
    unsigned char *data_;
    std::size_t n_;
};
