// toklist - split the statements of our build-rule language into tokens
// and print one token per line; used to debug the rule files.
//
// Statements are read from standard input, one per line; a line ending
// in a backslash continues on the next line.  The lexer itself is the
// C one shared with the rule engine, hence the const char * interface.

#include <cctype>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

enum class Kind { Ident, Number, String, Op };

struct Token {
    Kind kind;
    std::string text;
};

static const char *kind_name(Kind k)
{
    switch (k) {
    case Kind::Ident:  return "ident";
    case Kind::Number: return "number";
    case Kind::String: return "string";
    case Kind::Op:     return "op";
    }
    return "?";
}

// Returns false on an unterminated string or an unknown character.
static bool tokenize(const char *p, std::vector<Token> &out)
{
    while (*p != '\0') {
        const char *start = p;
        if (std::isspace(static_cast<unsigned char>(*p))) {
            ++p;
            continue;
        }
        if (std::isalpha(static_cast<unsigned char>(*p)) || *p == '_') {
            while (std::isalnum(static_cast<unsigned char>(*p)) || *p == '_')
                ++p;
            out.push_back({Kind::Ident, std::string(start, p)});
        } else if (std::isdigit(static_cast<unsigned char>(*p))) {
            while (std::isdigit(static_cast<unsigned char>(*p)))
                ++p;
            out.push_back({Kind::Number, std::string(start, p)});
        } else if (*p == '"') {
            ++p;
            while (*p != '\0' && *p != '"')
                ++p;
            if (*p != '"')
                return false;
            ++p;
            out.push_back({Kind::String, std::string(start + 1, p - 1)});
        } else if (std::strchr("=+-*/(),:;", *p) != nullptr) {
            ++p;
            out.push_back({Kind::Op, std::string(start, p)});
        } else {
            return false;
        }
    }
    return true;
}

int main()
{
    std::string stmt;
    unsigned n = 0;

    while (std::getline(std::cin, stmt)) {
        const char *text = stmt.c_str();
        ++n;

        // join continuation lines
        while (!stmt.empty() && stmt.back() == '\\') {
            std::string more;
            stmt.pop_back();
            if (!std::getline(std::cin, more))
                break;
            stmt += ' ';
            stmt += more;
        }

        std::vector<Token> toks;
        if (!tokenize(text, toks)) { /* FLAW: CWE-416 */
            std::cerr << "statement " << n << ": syntax error\n";
            continue;
        }
        std::cout << "# statement " << n << '\n';
        for (const Token &t : toks)
            std::cout << kind_name(t.kind) << '\t' << t.text << '\n';
    }
    return 0;
}
