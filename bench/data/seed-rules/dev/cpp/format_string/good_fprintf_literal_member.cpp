#include <cstdio>
#include <string>

class Reporter {
public:
    explicit Reporter(std::FILE *out) : out_(out) {}

    void warn(const std::string &msg) { std::fprintf(out_, "%s\n", msg.c_str()); }

    void warn_request(const std::string &path)
    {
        char line[256];
        std::snprintf(line, sizeof(line), "bad request: %s", path.c_str());
        warn(line);
    }

private:
    std::FILE *out_;
};
