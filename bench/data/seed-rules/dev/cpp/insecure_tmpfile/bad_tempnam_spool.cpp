#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

class Spool {
public:
    bool write(const std::string &data)
    {
        char *name = tempnam("/tmp", "spool"); /* FLAW: insecure_tmpfile */
        if (name == nullptr)
            return false;
        path_ = name;
        std::free(name);
        std::ofstream out(path_);
        out << data;
        return static_cast<bool>(out);
    }

    std::string scratch()
    {
        char buf[L_tmpnam];
        return std::tmpnam(buf) ? std::string(buf) : std::string(); /* FLAW: insecure_tmpfile */
    }

private:
    std::string path_;
};
