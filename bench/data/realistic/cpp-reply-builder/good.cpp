// replyd: line-oriented status responder.  Reads "KEY" lines from stdin and
// answers each with "KEY=<value>" from a fixed table, batching the replies
// in a fixed-size output buffer that is flushed when full.
#include <cstdio>
#include <cstring>
#include <iostream>
#include <map>
#include <string>

class ReplyBuffer {
public:
    ReplyBuffer() : used_(0) {}
    ~ReplyBuffer() { flush(); }

    void append(const char *p, std::size_t n) {
        if (used_ + n > sizeof buf_)
            flush();
        if (n > sizeof buf_) {
            // larger than the whole buffer: write it straight through
            std::fwrite(p, 1, n, stdout);
            return;
        }
        std::memcpy(buf_ + used_, p, n);
        used_ += n;
    }
    void append(const std::string &s) { append(s.data(), s.size()); }

    void flush() {
        if (used_ > 0)
            std::fwrite(buf_, 1, used_, stdout);
        used_ = 0;
    }

private:
    char buf_[256];
    std::size_t used_;
};

int main() {
    const std::map<std::string, std::string> status = {
        {"version", "2.4.1"}, {"uptime", "3d"}, {"load", "0.42"}};
    ReplyBuffer out;
    std::string key;

    while (std::getline(std::cin, key)) {
        auto it = status.find(key);
        out.append(key);
        out.append("=", 1);
        out.append(it == status.end() ? std::string("?") : it->second);
        out.append("\n", 1);
    }
    return 0;
}
