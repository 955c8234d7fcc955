#include <string>
#include <utility>
#include <vector>

std::vector<std::string> split_lines(const std::string &text)
{
    std::vector<std::string> out;
    std::string cur;
    for (char c : text) {
        if (c == '\n') {
            out.push_back(std::move(cur));
            cur.clear(); // back to a known state before reuse
        } else {
            cur += c;
        }
    }
    if (!cur.empty())
        out.push_back(std::move(cur));
    return out;
}
