#include <cstddef>
#include <cstring>

class FrameBuffer {
public:
    bool load(const unsigned char *payload, std::size_t len)
    {
        if (len > sizeof(data_))
            return false;
        std::memcpy(data_, payload, len);
        size_ = len;
        return true;
    }

    bool drop_front(std::size_t n)
    {
        if (n > size_)
            return false;
        std::memmove(data_, data_ + n, size_ - n);
        size_ -= n;
        return true;
    }

private:
    unsigned char data_[256];
    std::size_t size_ = 0;
};
