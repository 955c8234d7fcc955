// registrar - print the registrar of every domain read from standard
// input (one per line, '#' comments allowed) using the system whois
// client.  Output: DOMAIN<TAB>REGISTRAR
//
// usage: registrar < domains.txt

#include <sys/types.h>
#include <sys/wait.h>

#include <cctype>
#include <cstdio>
#include <iostream>
#include <string>

namespace {

const char *const kWhois = "/usr/bin/whois";

std::string trim(const std::string &s)
{
    std::string::size_type b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos)
        return std::string();
    std::string::size_type e = s.find_last_not_of(" \t\r\n");
    return s.substr(b, e - b + 1);
}

// If LINE is "Registrar: NAME" (any case, leading blanks allowed), store NAME.
bool registrar_line(const std::string &line, std::string &name)
{
    static const std::string key = "registrar:";
    std::string t = trim(line);
    if (t.size() <= key.size())
        return false;
    for (std::string::size_type i = 0; i < key.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(t[i])) != key[i])
            return false;
    }
    name = trim(t.substr(key.size()));
    return !name.empty();
}

} // namespace

int main()
{
    std::string line;
    int failures = 0;

    while (std::getline(std::cin, line)) {
        const std::string domain = trim(line);
        if (domain.empty() || domain[0] == '#')
            continue;

        std::string cmd = std::string(kWhois) + " " + domain;
        FILE *p = popen(cmd.c_str(), "r"); /* FLAW: CWE-78 */
        if (p == nullptr) {
            std::perror("popen");
            return 1;
        }

        std::string registrar;
        char buf[512];
        while (std::fgets(buf, sizeof buf, p) != nullptr) {
            std::string name;
            if (registrar.empty() && registrar_line(buf, name))
                registrar = name;
        }
        int status = pclose(p);
        if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
            ++failures;

        std::cout << domain << '\t' << (registrar.empty() ? "unknown" : registrar)
                  << '\n';
    }
    return failures == 0 ? 0 : 1;
}
