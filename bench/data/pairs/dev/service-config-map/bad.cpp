// svcconf - load a service configuration file and print the effective
// settings with defaults filled in.  The settings struct is the one shared
// with the C part of the daemon, hence the plain char arrays.
//
// File format: "key = value" lines; '#' starts a comment line.
// usage: svcconf FILE

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <string>

struct ServerSettings {
    char bind_addr[64];
    char log_path[128];
    int port;
    int workers;
};

using ConfigMap = std::map<std::string, std::string>;

static std::string trim(const std::string &s)
{
    const char *ws = " \t\r\n";
    std::string::size_type b = s.find_first_not_of(ws);
    if (b == std::string::npos)
        return std::string();
    std::string::size_type e = s.find_last_not_of(ws);
    return s.substr(b, e - b + 1);
}

static bool load_config(const std::string &path, ConfigMap &out)
{
    std::ifstream in(path);
    if (!in) {
        std::cerr << path << ": cannot open\n";
        return false;
    }
    std::string line;
    unsigned lineno = 0;
    while (std::getline(in, line)) {
        ++lineno;
        std::string t = trim(line);
        if (t.empty() || t[0] == '#')
            continue;
        std::string::size_type eq = t.find('=');
        if (eq == std::string::npos) {
            std::cerr << path << ':' << lineno << ": expected key = value\n";
            return false;
        }
        out[trim(t.substr(0, eq))] = trim(t.substr(eq + 1));
    }
    return true;
}

static bool to_int(const std::string &s, long lo, long hi, int &out)
{
    errno = 0;
    char *end = nullptr;
    long v = std::strtol(s.c_str(), &end, 10);
    if (errno != 0 || s.empty() || *end != '\0' || v < lo || v > hi)
        return false;
    out = static_cast<int>(v);
    return true;
}

// Fill S from CFG, using defaults for keys that are not present.
static bool apply_settings(const ConfigMap &cfg, ServerSettings &s)
{
    std::strcpy(s.bind_addr, "0.0.0.0");
    std::strcpy(s.log_path, "/var/log/svc.log");
    s.port = 8080;
    s.workers = 4;

    auto it = cfg.find("bind");
    if (it != cfg.end()) {
        if (it->second.size() >= sizeof s.bind_addr) {
            std::cerr << "bind: address too long\n";
            return false;
        }
        std::strcpy(s.bind_addr, it->second.c_str());
    }
    it = cfg.find("log_path");
    if (it != cfg.end())
        std::strcpy(s.log_path, it->second.c_str()); /* FLAW: CWE-121 */
    it = cfg.find("port");
    if (it != cfg.end() && !to_int(it->second, 1, 65535, s.port)) {
        std::cerr << "port: invalid value " << it->second << '\n';
        return false;
    }
    it = cfg.find("workers");
    if (it != cfg.end() && !to_int(it->second, 1, 256, s.workers)) {
        std::cerr << "workers: invalid value " << it->second << '\n';
        return false;
    }
    return true;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::cerr << "usage: " << argv[0] << " FILE\n";
        return 2;
    }

    ConfigMap cfg;
    if (!load_config(argv[1], cfg))
        return 1;

    ServerSettings s;
    if (!apply_settings(cfg, s))
        return 1;

    std::cout << "bind     " << s.bind_addr << '\n'
              << "port     " << s.port << '\n'
              << "workers  " << s.workers << '\n'
              << "log_path " << s.log_path << '\n';
    return 0;
}
