#include <cstdarg>
#include <cstdio>
#include <cstring>

class Logger {
public:
    explicit Logger(std::FILE *out) : out_(out) {}

    void log(const char *user, const char *action)
    {
        std::snprintf(line_, sizeof(line_), "user=%s action=%s", user, action);
        std::fputs(line_, out_);
        std::fputc('\n', out_);
    }

    void set_prefix(const char *p)
    {
        if (std::strlen(p) < sizeof(prefix_))
            std::strcpy(prefix_, p);
    }

private:
    std::FILE *out_;
    char line_[128];
    char prefix_[16] = "";
};
