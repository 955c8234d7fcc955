#include <cstdlib>
#include <string>
#include <unistd.h>

class Spool {
public:
    bool write(const std::string &data)
    {
        char tmpl[] = "/tmp/spool.XXXXXX";
        int fd = mkstemp(tmpl);
        if (fd < 0)
            return false;
        path_ = tmpl;
        const char *p = data.data();
        std::size_t left = data.size();
        while (left > 0) {
            ssize_t n = ::write(fd, p, left);
            if (n <= 0) {
                (void)close(fd);
                return false;
            }
            p += n;
            left -= static_cast<std::size_t>(n);
        }
        return close(fd) == 0;
    }

    const std::string &path() const { return path_; }

private:
    std::string path_;
};
