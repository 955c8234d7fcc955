#include <cstdio>
#include <cstdlib>

class Session {
public:
    explicit Session(std::size_t n) : buf_(static_cast<char *>(std::calloc(n, 1))), n_(n) {}
    ~Session() { std::free(buf_); }
    Session(const Session &) = delete;
    Session &operator=(const Session &) = delete;

    bool reset()
    {
        std::free(buf_);
        buf_ = static_cast<char *>(std::calloc(n_, 1));
        if (buf_ == nullptr)
            return false;
        buf_[0] = '\0';
        return true;
    }

private:
    char *buf_;
    std::size_t n_;
};
