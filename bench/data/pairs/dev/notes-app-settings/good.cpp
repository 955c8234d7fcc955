// notescfg - show the effective settings of the notes app: where the
// notes are kept, the sync server and the editor.  Settings come from
// $XDG_CONFIG_HOME/notes/settings (or ~/.config/notes/settings), with
// "key = value" lines; anything not set there gets a default.

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <string>

namespace {

std::string trim(const std::string &s)
{
    std::string::size_type b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos)
        return std::string();
    std::string::size_type e = s.find_last_not_of(" \t\r");
    return s.substr(b, e - b + 1);
}

// Read key = value pairs into SETTINGS; a missing file is not an error.
bool read_settings(const std::string &path, std::map<std::string, std::string> &settings)
{
    std::ifstream in(path);
    if (!in)
        return true;
    std::string line;
    while (std::getline(in, line)) {
        line = trim(line);
        if (line.empty() || line[0] == '#')
            continue;
        std::string::size_type eq = line.find('=');
        if (eq == std::string::npos) {
            std::cerr << path << ": ignoring line without '=': " << line << '\n';
            continue;
        }
        settings[trim(line.substr(0, eq))] = trim(line.substr(eq + 1));
    }
    return in.eof();
}

} // namespace

int main()
{
    const char *home_env = std::getenv("HOME");
    if (home_env == nullptr || *home_env == '\0') {
        std::cerr << "notescfg: HOME is not set\n";
        return 1;
    }
    std::string home = home_env;

    const char *xdg = std::getenv("XDG_CONFIG_HOME");
    const std::string config_dir =
        (xdg != nullptr && *xdg == '/') ? std::string(xdg) : home + "/.config";
    const std::string path = config_dir + "/notes/settings";

    std::map<std::string, std::string> settings = {
        {"notes_dir", home + "/Notes"},
        {"server", "(none)"},
        {"editor", "vi"},
    };
    if (!read_settings(path, settings)) {
        std::cerr << path << ": read error\n";
        return 1;
    }

    std::cout << "settings file: " << path << '\n';
    for (const auto &kv : settings)
        std::cout << kv.first << " = " << kv.second << '\n';
    return 0;
}
