// settings loader: "name = value" lines; prints the timeout it will use
#include <fstream>
#include <iostream>
#include <map>
#include <string>

class Settings {
public:
    explicit Settings(const std::string &path) : ok_(false)
    {
        std::ifstream in(path);
        std::string line;
        if (!in)
            return;
        while (std::getline(in, line)) {
            std::string::size_type eq = line.find('=');
            if (eq == std::string::npos)
                continue;
            values_[trim(line.substr(0, eq))] = trim(line.substr(eq + 1));
        }
        ok_ = true;
    }
    bool ok() const { return ok_; }
    bool get(const std::string &key, std::string &out) const
    {
        std::map<std::string, std::string>::const_iterator it = values_.find(key);
        if (it == values_.end())
            return false;
        out = it->second;
        return true;
    }

private:
    static std::string trim(const std::string &s)
    {
        std::string::size_type b = s.find_first_not_of(' '), e = s.find_last_not_of(' ');
        return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
    }
    std::map<std::string, std::string> values_;
    bool ok_;
};

int main(int argc, char **argv)
{
    Settings settings(argc > 1 ? argv[1] : "app.conf");
    std::string value;
    int timeout = 30;

    if (settings.ok() && settings.get("timeout", value))
        timeout = std::stoi(value);
    std::cout << "timeout " << timeout << '\n';
    return 0;
}
