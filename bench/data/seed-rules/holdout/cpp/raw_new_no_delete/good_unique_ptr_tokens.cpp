#include <iostream>
#include <memory>
#include <string>
#include <vector>

struct Token {
    std::string text;
    int line;
};

int main()
{
    std::vector<std::unique_ptr<Token>> tokens;
    std::string word;
    int line = 1;
    while (std::cin >> word)
        tokens.push_back(std::make_unique<Token>(Token{word, line++}));
    std::cout << tokens.size() << " tokens\n";
    return 0;
}
