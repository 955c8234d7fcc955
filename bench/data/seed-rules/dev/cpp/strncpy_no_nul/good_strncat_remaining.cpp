#include <cstdio>
#include <cstring>
#include <string>

struct Record {
    char id[8];
    char tags[32];

    void set_id(const std::string &s)
    {
        std::strncpy(id, s.c_str(), sizeof(id) - 1);
        id[sizeof(id) - 1] = '\0';
    }

    void add_tag(const char *tag)
    {
        std::size_t used = std::strlen(tags);
        if (used + 1 < sizeof(tags))
            std::strncat(tags, tag, sizeof(tags) - used - 1);
    }
};
