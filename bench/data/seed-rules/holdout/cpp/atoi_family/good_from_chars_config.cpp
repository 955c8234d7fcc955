#include <charconv>
#include <map>
#include <optional>
#include <string>

struct ServerConfig {
    long timeout_ms = 1000;
    int workers = 4;
};

template <typename T>
static std::optional<T> parse_num(const std::string &s)
{
    T value{};
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec != std::errc() || ptr != s.data() + s.size())
        return std::nullopt;
    return value;
}

bool parse_config(const std::map<std::string, std::string> &kv, ServerConfig &cfg)
{
    for (const auto &entry : kv) {
        if (entry.first == "timeout_ms") {
            auto v = parse_num<long>(entry.second);
            if (!v || *v <= 0)
                return false;
            cfg.timeout_ms = *v;
        } else if (entry.first == "workers") {
            auto v = parse_num<int>(entry.second);
            if (!v || *v < 1 || *v > 256)
                return false;
            cfg.workers = *v;
        }
    }
    return true;
}
