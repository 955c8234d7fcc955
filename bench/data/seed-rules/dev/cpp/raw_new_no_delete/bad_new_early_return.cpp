#include <cstdio>
#include <string>

class Parser {
public:
    bool parse(const std::string &text);
};

bool Parser::parse(const std::string &text)
{
    char *scratch = new char[text.size() + 1]; /* FLAW: raw_new_no_delete */
    text.copy(scratch, text.size());
    scratch[text.size()] = '\0';
    if (text.empty() || scratch[0] != '{')
        return false; // leaks scratch
    std::puts(scratch);
    return true; // leaks scratch
}
