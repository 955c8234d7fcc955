// splitter.cpp - a reusable line splitter over a caller-owned byte range
// (library code: no main).  Fields are separated by one delimiter byte.
#include <cstddef>
#include <cstring>
#include <string>
#include <vector>

class LineSplitter {
public:
    LineSplitter(const char *text, std::size_t len, char delim)
        : buf_(new char[len + 1]), len_(len), delim_(delim)
    {
        std::memcpy(buf_, text, len);
        buf_[len] = '\0';
    }
    ~LineSplitter() { delete buf_; } /* FLAW: CWE-762 */

    LineSplitter(const LineSplitter &) = delete;
    LineSplitter &operator=(const LineSplitter &) = delete;

    std::vector<std::string> fields() const
    {
        std::vector<std::string> out;
        std::size_t start = 0;
        for (std::size_t i = 0; i <= len_; ++i) {
            if (i == len_ || buf_[i] == delim_) {
                out.emplace_back(buf_ + start, i - start);
                start = i + 1;
            }
        }
        return out;
    }

private:
    char *buf_;
    std::size_t len_;
    char delim_;
};

std::vector<std::string> split_fields(const char *text, std::size_t len, char delim)
{
    LineSplitter s(text, len, delim);
    return s.fields();
}
