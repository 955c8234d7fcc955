#include <cstdlib>
#include <map>
#include <string>

struct ServerConfig {
    long timeout_ms = 1000;
    int workers = 4;
    double backoff = 1.5;
};

ServerConfig parse_config(const std::map<std::string, std::string> &kv)
{
    ServerConfig cfg;
    for (const auto &entry : kv) {
        if (entry.first == "timeout_ms")
            cfg.timeout_ms = std::atol(entry.second.c_str()); /* FLAW: atoi_family */
        else if (entry.first == "workers")
            cfg.workers = std::atoi(entry.second.c_str()); /* FLAW: atoi_family */
        else if (entry.first == "backoff")
            cfg.backoff = std::atof(entry.second.c_str()); /* FLAW: atoi_family */
    }
    return cfg;
}
