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
    if (*end != '\0')
        return 1;
    std::cout << colours[idx] << "\n"; /* FLAW: unchecked_index */
    return 0;
}
