#include <cstddef>
#include <cstdlib>

class ByteVec {
public:
    ~ByteVec() { std::free(data_); }

    bool push(unsigned char b)
    {
        if (len_ == cap_) {
            std::size_t new_cap = cap_ ? cap_ * 2 : 16;
            void *grown = std::realloc(data_, new_cap);
            if (grown == nullptr)
                return false;
            data_ = static_cast<unsigned char *>(grown);
            cap_ = new_cap;
        }
        data_[len_++] = b;
        return true;
    }

private:
    unsigned char *data_ = nullptr;
    std::size_t len_ = 0;
    std::size_t cap_ = 0;
};
