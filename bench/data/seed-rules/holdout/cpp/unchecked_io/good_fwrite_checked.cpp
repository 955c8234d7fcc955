#include <cstdio>
#include <string>
#include <vector>

class Saver {
public:
    explicit Saver(std::string path) : path_(std::move(path)) {}

    bool save(const std::vector<int> &values)
    {
        std::FILE *fp = std::fopen(path_.c_str(), "wb");
        if (fp == nullptr)
            return false;
        bool ok = std::fwrite(values.data(), sizeof(int), values.size(), fp) == values.size();
        if (std::fclose(fp) != 0)
            ok = false;
        return ok;
    }

private:
    std::string path_;
};
