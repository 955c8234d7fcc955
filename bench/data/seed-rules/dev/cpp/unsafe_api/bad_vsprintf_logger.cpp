#include <cstdarg>
#include <cstdio>

class Logger {
public:
    explicit Logger(std::FILE *out) : out_(out) {}

    void log(const char *fmt, ...)
    {
        va_list ap;
        va_start(ap, fmt);
        vsprintf(line_, fmt, ap); /* FLAW: unsafe_api */
        va_end(ap);
        std::fputs(line_, out_);
        std::fputc('\n', out_);
    }

private:
    std::FILE *out_;
    char line_[128];
};

void report(Logger &lg, const char *user, const char *action)
{
    lg.log("user=%s action=%s", user, action);
}
