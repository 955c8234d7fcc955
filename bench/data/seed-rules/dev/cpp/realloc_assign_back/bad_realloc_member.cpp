#include <cstddef>
#include <cstdlib>

class ByteVec {
public:
    ~ByteVec() { std::free(data_); }

    bool push(unsigned char b)
    {
        if (len_ == cap_) {
            cap_ = cap_ ? cap_ * 2 : 16;
            data_ = static_cast<unsigned char *>(std::realloc(data_, cap_)); /* FLAW: realloc_assign_back */
            if (!data_)
                return false;
        }
        data_[len_++] = b;
        return true;
    }

private:
    unsigned char *data_ = nullptr;
    std::size_t len_ = 0;
    std::size_t cap_ = 0;
};
