#include <cstdio>
#include <cstdlib>
#include <cstring>

class Session {
public:
    explicit Session(std::size_t n) : buf_(static_cast<char *>(std::calloc(n, 1))), n_(n) {}
    ~Session() { std::free(buf_); }
    Session(const Session &) = delete;
    Session &operator=(const Session &) = delete;

    void reset()
    {
        std::free(buf_);
        if (buf_ != nullptr)
            buf_[0] = '\0'; /* FLAW: uaf_suspect */
    }

    void dump() const
    {
        if (buf_ != nullptr)
            std::printf("%.*s\n", static_cast<int>(n_), buf_);
    }

private:
    char *buf_;
    std::size_t n_;
};
