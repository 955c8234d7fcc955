#include <string>
#include <vector>
#include <utility>

std::vector<std::string> repeat(std::string line, int times)
{
    std::vector<std::string> out;
    for (int i = 0; i < times; i++)
        out.push_back(std::move(line)); /* FLAW: use_after_move */
    return out;
}
