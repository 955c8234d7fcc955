#include <cstdio>
#include <string>

class Request {
public:
    void set_path(const std::string &base, int id) { path_ = base + "/" + std::to_string(id); }

    // the temporary lives until the end of the full expression, which includes the call
    void print(const std::string &user) const
    {
        std::printf("%s by %s\n", path_.c_str(), (user + "@local").c_str());
    }

private:
    std::string path_;
};
