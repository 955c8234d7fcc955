#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

struct Message {
    char text[32];

    explicit Message(const char *greeting) { std::strcpy(text, greeting); } /* FLAW: unsafe_api */
    void append(const char *part) { std::strcat(text, part); } /* FLAW: unsafe_api */
};

int main()
{
    std::string who;
    if (!std::getline(std::cin, who))
        return 1;
    Message m("Hello, ");
    m.append(who.c_str());
    std::puts(m.text);
    return 0;
}
