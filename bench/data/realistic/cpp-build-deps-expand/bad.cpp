// deps: read "TARGET: DEP DEP ..." rules from stdin and print, for one target
// given on the command line, every target it depends on (breadth first).
#include <algorithm>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using Rules = std::map<std::string, std::vector<std::string>>;

static Rules read_rules(std::istream &in)
{
    Rules rules;
    std::string line;
    while (std::getline(in, line)) {
        auto colon = line.find(':');
        if (colon == std::string::npos)
            continue;
        std::istringstream deps(line.substr(colon + 1));
        std::string d;
        auto &list = rules[line.substr(0, colon)];
        while (deps >> d)
            list.push_back(d);
    }
    return rules;
}

static std::vector<std::string> closure(const Rules &rules, const std::string &root)
{
    std::vector<std::string> order{root};
    for (auto it = order.begin(); it != order.end(); ++it) {
        auto r = rules.find(*it);
        if (r == rules.end())
            continue;
        for (const auto &dep : r->second)
            if (std::find(order.begin(), order.end(), dep) == order.end())
                order.push_back(dep); /* FLAW: CWE-416 */
    }
    return order;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::cerr << "usage: deps TARGET < rules\n";
        return 2;
    }
    Rules rules = read_rules(std::cin);
    auto all = closure(rules, argv[1]);
    for (std::size_t i = 1; i < all.size(); ++i)
        std::cout << all[i] << '\n';
    return 0;
}
