#include <cstdio>
#include <string>

class Reporter {
public:
    explicit Reporter(std::FILE *out) : out_(out) {}

    // msg is built from a client-supplied request path
    void warn(const std::string &msg)
    {
        std::fprintf(out_, msg.c_str()); /* FLAW: format_string */
        std::fputc('\n', out_);
    }

    void warn_request(const std::string &path)
    {
        std::string msg = "bad request: " + path;
        char line[256];
        std::snprintf(line, sizeof(line), msg.c_str()); /* FLAW: format_string */
        warn(line);
    }

private:
    std::FILE *out_;
};
