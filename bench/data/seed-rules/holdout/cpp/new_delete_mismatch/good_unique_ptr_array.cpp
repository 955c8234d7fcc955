#include <cstring>
#include <memory>
#include <string>

std::unique_ptr<char[]> dup_cstr(const std::string &s)
{
    auto p = std::make_unique<char[]>(s.size() + 1);
    std::memcpy(p.get(), s.c_str(), s.size() + 1);
    return p;
}

std::size_t name_len(const std::string &s)
{
    auto copy = dup_cstr(s);
    return std::strlen(copy.get());
}
