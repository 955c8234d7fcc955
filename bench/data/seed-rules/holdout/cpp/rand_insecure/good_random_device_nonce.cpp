#include <cstdio>
#include <string>
#include <sys/random.h>

class NonceGenerator {
public:
    // CSRF token from the kernel CSPRNG; empty string on failure.
    std::string csrf_token()
    {
        unsigned char raw[16];
        if (getrandom(raw, sizeof(raw), 0) != static_cast<ssize_t>(sizeof(raw)))
            return std::string();
        std::string t;
        char hex[3];
        for (unsigned char b : raw) {
            std::snprintf(hex, sizeof(hex), "%02x", b);
            t += hex;
        }
        return t;
    }
};
