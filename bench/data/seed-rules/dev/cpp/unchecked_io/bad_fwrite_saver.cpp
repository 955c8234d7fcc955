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
        std::fwrite(values.data(), sizeof(int), values.size(), fp); /* FLAW: unchecked_io */
        std::fclose(fp); /* FLAW: unchecked_io */
        return true;
    }

private:
    std::string path_;
};
