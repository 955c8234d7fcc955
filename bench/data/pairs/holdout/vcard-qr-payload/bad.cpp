// vcardqr - build the compact vCard text that the name-tag printer encodes
// as a QR code.  Asks for name, organisation, e-mail and phone on
// standard input (one per line) and prints the payload.
//
// The printer uses QR version 10 with medium error correction, which
// holds at most kQrCapacity bytes.

#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

namespace {

constexpr std::size_t kQrCapacity = 213;

struct Contact {
    std::string name;
    std::string org;
    std::string email;
    std::string phone;
};

// vCard values must not contain line breaks; ',' ';' '\' need escaping.
std::string escape_value(const std::string &s)
{
    std::string out;
    for (char c : s) {
        if (c == '\r' || c == '\n')
            continue;
        if (c == ',' || c == ';' || c == '\\')
            out += '\\';
        out += c;
    }
    return out;
}

bool ask(const char *prompt, std::string &out)
{
    std::cerr << prompt << ": ";
    if (!std::getline(std::cin, out))
        return false;
    out = escape_value(out);
    return true;
}

} // namespace

int main()
{
    Contact c;
    if (!ask("Name", c.name) || !ask("Organisation", c.org) ||
        !ask("E-mail", c.email) || !ask("Phone", c.phone)) {
        std::cerr << "\nincomplete input\n";
        return 1;
    }
    if (c.name.empty()) {
        std::cerr << "a name is required\n";
        return 1;
    }

    char card[kQrCapacity + 1];
    std::sprintf(card, /* FLAW: CWE-121 */
                 "BEGIN:VCARD\nVERSION:3.0\nFN:%s\nORG:%s\nEMAIL:%s\nTEL:%s\nEND:VCARD\n",
                 c.name.c_str(), c.org.c_str(), c.email.c_str(), c.phone.c_str());
    if (std::strlen(card) > kQrCapacity) {
        std::cerr << "contact too long for the name-tag QR code\n";
        return 1;
    }

    std::fputs(card, stdout);
    return 0;
}
