#include <cstddef>
#include <cstring>

class FrameBuffer {
public:
    // len comes straight from the frame header sent by the peer
    void load(const unsigned char *payload, std::size_t len)
    {
        std::memcpy(data_, payload, len); /* FLAW: boundary_funcs */
        size_ = len;
    }

    void drop_front(std::size_t n)
    {
        std::memmove(data_, data_ + n, size_ - n); /* FLAW: boundary_funcs */
        size_ -= n;
    }

private:
    unsigned char data_[256];
    std::size_t size_ = 0;
};
