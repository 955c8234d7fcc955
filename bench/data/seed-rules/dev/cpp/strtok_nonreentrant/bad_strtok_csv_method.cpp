#include <cstring>
#include <string>
#include <thread>
#include <vector>

class CsvSplitter {
public:
    std::vector<std::string> split(std::string line) const
    {
        std::vector<std::string> out;
        for (char *tok = std::strtok(&line[0], ","); tok; tok = std::strtok(nullptr, ",")) /* FLAW: strtok_nonreentrant */
            out.emplace_back(tok);
        return out;
    }
};

std::size_t parallel_fields(const std::string &a, const std::string &b)
{
    CsvSplitter s;
    std::size_t na = 0, nb = 0;
    std::thread t1([&] { na = s.split(a).size(); });
    std::thread t2([&] { nb = s.split(b).size(); });
    t1.join();
    t2.join();
    return na + nb;
}
