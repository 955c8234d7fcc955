// notes: print the user's note file, ~/notes/<name>.txt, where <name> is read
// from stdin (letters, digits and '-' only).
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

namespace {

std::string notes_dir()
{
    const char *home = std::getenv("HOME");
    return std::string(home ? home : ".") + "/notes/";
}

bool valid_name(const std::string &name)
{
    if (name.empty() || name.size() > 64)
        return false;
    for (unsigned char c : name)
        if (!std::isalnum(c) && c != '-')
            return false;
    return true;
}

int print_file(const char *path)
{
    std::FILE *fp = std::fopen(path, "r");
    if (!fp) {
        std::perror(path);
        return 1;
    }
    char buf[4096];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, fp)) > 0)
        std::fwrite(buf, 1, n, stdout);
    std::fclose(fp);
    return 0;
}

} // namespace

int main()
{
    std::string name;
    if (!std::getline(std::cin, name) || !valid_name(name)) {
        std::cerr << "notes: bad name\n";
        return 2;
    }
    const char *path = (notes_dir() + name + ".txt").c_str();
    return print_file(path); /* FLAW: CWE-416 */
}
