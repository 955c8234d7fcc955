// colavg - print the sum, count and (integer) average of one column of a
// CSV file.  The first line must be a header naming the columns.
// Rows where the field is missing or not an integer are skipped.
//
// usage: colavg FILE COLUMN

#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace {

// Split one CSV line; supports double-quoted fields with "" escapes.
std::vector<std::string> split_csv(const std::string &line)
{
    std::vector<std::string> fields;
    std::string cur;
    bool quoted = false;

    for (std::size_t i = 0; i < line.size(); ++i) {
        char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                cur += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                cur += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            fields.push_back(cur);
            cur.clear();
        } else if (c != '\r') {
            cur += c;
        }
    }
    fields.push_back(cur);
    return fields;
}

bool parse_int(const std::string &s, long long &out)
{
    if (s.empty())
        return false;
    errno = 0;
    char *end = nullptr;
    long long v = std::strtoll(s.c_str(), &end, 10);
    if (errno != 0 || *end != '\0')
        return false;
    out = v;
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc != 3) {
        std::cerr << "usage: " << argv[0] << " FILE COLUMN\n";
        return 2;
    }

    std::ifstream in(argv[1]);
    if (!in) {
        std::cerr << argv[1] << ": cannot open\n";
        return 1;
    }

    std::string line;
    if (!std::getline(in, line)) {
        std::cerr << argv[1] << ": empty file\n";
        return 1;
    }
    const std::vector<std::string> header = split_csv(line);
    std::size_t col = 0;
    while (col < header.size() && header[col] != argv[2])
        ++col;
    if (col == header.size()) {
        std::cerr << argv[1] << ": no column named " << argv[2] << '\n';
        return 1;
    }

    long long sum = 0, count = 0, skipped = 0;
    while (std::getline(in, line)) {
        const std::vector<std::string> fields = split_csv(line);
        long long v;
        if (col >= fields.size() || !parse_int(fields[col], v)) {
            ++skipped;
            continue;
        }
        if (__builtin_add_overflow(sum, v, &sum)) {
            std::cerr << argv[1] << ": sum does not fit in 64 bits\n";
            return 1;
        }
        ++count;
    }

    if (count == 0) {
        std::cerr << argv[1] << ": no integer values in column " << argv[2]
                  << '\n';
        return 1;
    }
    long long avg = sum / count;
    std::cout << "sum=" << sum << " count=" << count << " avg=" << avg
              << " skipped=" << skipped << '\n';
    return 0;
}
