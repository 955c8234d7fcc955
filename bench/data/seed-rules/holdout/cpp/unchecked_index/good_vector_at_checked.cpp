#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

int main(int argc, char **argv)
{
    std::vector<std::string> colours{"red", "green", "blue"};
    if (argc < 2)
        return 1;
    char *end = nullptr;
    long idx = std::strtol(argv[1], &end, 10);
    if (*end != '\0' || idx < 0 || static_cast<std::size_t>(idx) >= colours.size()) {
        std::cerr << "index out of range\n";
        return 1;
    }
    std::cout << colours[static_cast<std::size_t>(idx)] << "\n";
    std::cout << colours.at(0) << "\n";
    return 0;
}
