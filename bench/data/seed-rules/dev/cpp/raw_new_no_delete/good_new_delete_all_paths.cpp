#include <cstdio>
#include <string>

class Parser {
public:
    bool parse(const std::string &text);
};

bool Parser::parse(const std::string &text)
{
    char *scratch = new char[text.size() + 1];
    text.copy(scratch, text.size());
    scratch[text.size()] = '\0';
    bool ok = !text.empty() && scratch[0] == '{';
    if (ok)
        std::puts(scratch);
    delete[] scratch;
    return ok;
}
