#include <cstdio>
#include <string>

const char *make_greeting(const std::string &name)
{
    return ("Hello, " + name).c_str(); /* FLAW: cstr_temporary */
}

int main(int argc, char **argv)
{
    std::string name = argc > 1 ? argv[1] : "world";
    const char *g = make_greeting(name);
    std::puts(g);
    return 0;
}
