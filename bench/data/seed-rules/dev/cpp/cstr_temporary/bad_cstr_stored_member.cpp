#include <cstdio>
#include <string>

static std::string current_user() { return "alice"; }

class Request {
public:
    void set_path(const std::string &base, int id)
    {
        path_ = (base + "/" + std::to_string(id)).c_str(); /* FLAW: cstr_temporary */
        user_ = current_user().c_str(); /* FLAW: cstr_temporary */
    }

    void print() const { std::printf("%s by %s\n", path_, user_); }

private:
    const char *path_ = "";
    const char *user_ = "";
};
