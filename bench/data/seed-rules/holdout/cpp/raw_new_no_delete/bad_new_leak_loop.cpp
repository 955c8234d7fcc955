#include <iostream>
#include <string>
#include <vector>

struct Token {
    std::string text;
    int line;
};

int main()
{
    std::vector<Token *> tokens;
    std::string word;
    int line = 1;
    while (std::cin >> word) {
        Token *t = new Token{word, line++}; /* FLAW: raw_new_no_delete */
        tokens.push_back(t);
    }
    std::cout << tokens.size() << " tokens\n";
    return 0; // tokens are never deleted
}
