#include <cstdio>
#include <cstring>
#include <string>

std::string to_upper(std::string s)
{
    for (auto &c : s)
        if (c >= 'a' && c <= 'z')
            c = static_cast<char>(c - 'a' + 'A');
    return s;
}

std::size_t shout(const std::string &msg)
{
    const char *loud = to_upper(msg).c_str(); /* FLAW: cstr_temporary */
    std::size_t n = std::strlen(loud);
    std::puts(loud);
    return n;
}
