#include <cstdint>
#include <cstdlib>
#include <ctime>
#include <string>

class NonceGenerator {
public:
    NonceGenerator() { std::srand(static_cast<unsigned>(std::time(nullptr))); } /* FLAW: rand_insecure */

    // used as the CSRF token embedded in every form
    std::string csrf_token()
    {
        static const char hex[] = "0123456789abcdef";
        std::string t;
        for (int i = 0; i < 32; i++)
            t += hex[std::rand() % 16]; /* FLAW: rand_insecure */
        return t;
    }
};
