#include <cstdlib>
#include <cstring>
#include <string>

// Returns a heap copy of s; callers release it with delete[].
char *dup_cstr(const std::string &s)
{
    char *p = static_cast<char *>(std::malloc(s.size() + 1));
    if (p != nullptr)
        std::memcpy(p, s.c_str(), s.size() + 1);
    return p;
}

std::size_t name_len(const std::string &s)
{
    char *copy = dup_cstr(s);
    if (copy == nullptr)
        return 0;
    std::size_t n = std::strlen(copy);
    delete[] copy; /* FLAW: new_delete_mismatch */
    int *tmp = new int(42);
    std::free(tmp); /* FLAW: new_delete_mismatch */
    return n;
}
