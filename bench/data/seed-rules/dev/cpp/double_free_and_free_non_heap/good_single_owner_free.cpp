#include <cstdlib>
#include <cstring>
#include <utility>

class Buffer {
public:
    explicit Buffer(const char *s) : data_(strdup(s)) {}
    Buffer(const Buffer &) = delete;
    Buffer &operator=(const Buffer &) = delete;
    Buffer(Buffer &&other) noexcept : data_(std::exchange(other.data_, nullptr)) {}
    ~Buffer() { std::free(data_); }

    void clear()
    {
        std::free(data_);
        data_ = nullptr;
    }

    bool empty() const { return data_ == nullptr; }

private:
    char *data_;
};
