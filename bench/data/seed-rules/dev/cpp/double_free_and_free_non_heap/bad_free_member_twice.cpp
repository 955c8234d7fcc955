#include <cstdlib>
#include <cstring>

class Buffer {
public:
    explicit Buffer(const char *s) : data_(strdup(s)), len_(0) {}
    // copy constructor copies the raw pointer: both objects free it
    Buffer(const Buffer &other) = default;
    ~Buffer() { std::free(data_); } /* FLAW: double_free_and_free_non_heap */

    void clear()
    {
        std::free(data_);
        std::free(&len_); /* FLAW: double_free_and_free_non_heap */
    }

private:
    char *data_;
    std::size_t len_;
};

void copy_and_drop(const char *s)
{
    Buffer a(s);
    Buffer b = a;
    (void)b;
}
