#include <string>
#include <string_view>
#include <thread>
#include <vector>

class CsvSplitter {
public:
    std::vector<std::string> split(std::string_view line) const
    {
        std::vector<std::string> out;
        std::size_t start = 0;
        while (start <= line.size()) {
            std::size_t comma = line.find(',', start);
            if (comma == std::string_view::npos)
                comma = line.size();
            if (comma > start)
                out.emplace_back(line.substr(start, comma - start));
            start = comma + 1;
        }
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
