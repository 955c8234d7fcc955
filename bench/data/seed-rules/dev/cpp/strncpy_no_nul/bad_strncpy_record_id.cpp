#include <cstdio>
#include <cstring>
#include <string>

struct Record {
    char id[8];
    int score;

    void set_id(const std::string &s)
    {
        std::strncpy(id, s.c_str(), sizeof(id)); /* FLAW: strncpy_no_nul */
    }

    void print() const { std::printf("%s: %d\n", id, score); }
};

void show(const std::string &id, int score)
{
    Record r{};
    r.set_id(id);
    r.score = score;
    r.print();
}
