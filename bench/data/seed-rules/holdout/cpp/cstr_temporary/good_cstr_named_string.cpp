#include <cstdio>
#include <string>

std::string make_greeting(const std::string &name)
{
    return "Hello, " + name;
}

int main(int argc, char **argv)
{
    std::string name = argc > 1 ? argv[1] : "world";
    const std::string g = make_greeting(name);
    std::puts(g.c_str());
    return 0;
}
